import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Whether the project's message and answer text may go on trace spans (gen_ai.input.messages, …).
 * Off by default: traces usually leave for another system, and the text is the tenant's data.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`ALTER TABLE projects ADD COLUMN trace_content boolean NOT NULL DEFAULT false;`);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`ALTER TABLE projects DROP COLUMN trace_content;`);
}
