import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * A streamed ask's time from the request to its first answer token on the wire, as the api that
 * streamed it saw it (null for JSON asks): analytics show its percentiles per model and intent.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`ALTER TABLE turns ADD COLUMN first_delta_ms integer;`);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`ALTER TABLE turns DROP COLUMN first_delta_ms;`);
}
