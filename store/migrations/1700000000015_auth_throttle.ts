import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Failed sign-ins and invalid API keys counted per IP and per account / key prefix, shared by
 * every api replica (rate-limiter-flexible's PostgreSQL store: this is the table it expects).
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    CREATE TABLE auth_failures (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    );
  `);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`DROP TABLE auth_failures;`);
}
