import type { MigrationBuilder } from 'node-pg-migrate';

/** Models that answer, in order, when the project's default model's provider keeps failing. */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`ALTER TABLE projects ADD COLUMN fallback_models text[] NOT NULL DEFAULT '{}';`);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`ALTER TABLE projects DROP COLUMN fallback_models;`);
}
