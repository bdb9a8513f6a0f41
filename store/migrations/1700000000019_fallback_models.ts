import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Models that answer, in order, when the project's default model's provider keeps failing; and,
 * on a turn answered by one of them, the model it fell back from (analytics count fallbacks).
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    ALTER TABLE projects ADD COLUMN fallback_models text[] NOT NULL DEFAULT '{}';
    ALTER TABLE turns ADD COLUMN fell_back_from text;
  `);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`ALTER TABLE turns DROP COLUMN fell_back_from; ALTER TABLE projects DROP COLUMN fallback_models;`);
}
