import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * The protocol each provider connection speaks (a kind registered in providers/registry.ts).
 * Every connection so far was OpenAI-compatible, so that is what existing rows become. The
 * column checks only the name's form: kinds are added in code, without a migration each.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    ALTER TABLE provider_connections
      ADD COLUMN kind text NOT NULL DEFAULT 'openai' CHECK (kind ~ '^[a-z0-9][a-z0-9_-]{0,39}$');
  `);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`ALTER TABLE provider_connections DROP COLUMN kind;`);
}
