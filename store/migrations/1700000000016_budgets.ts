import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Budgets: token and cost caps per UTC day and month, on a project and on each API key, and the
 * usage they are checked against — counted per project, key and day in the same statement that
 * stores a turn, so usage and analytics (which read turns) never disagree, and restarts lose
 * nothing. Turns from before keys were recorded count under the nil key.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    ALTER TABLE projects ADD COLUMN budget jsonb NOT NULL DEFAULT '{}';
    ALTER TABLE api_keys ADD COLUMN budget jsonb NOT NULL DEFAULT '{}';
    ALTER TABLE turns ADD COLUMN api_key_id uuid;
    CREATE TABLE usage_daily (
      project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      api_key_id uuid NOT NULL,
      day date NOT NULL,
      tokens bigint NOT NULL DEFAULT 0,
      cost_usd numeric(20, 8) NOT NULL DEFAULT 0,
      asks integer NOT NULL DEFAULT 0,
      PRIMARY KEY (project_id, day, api_key_id)
    );
    INSERT INTO usage_daily (project_id, api_key_id, day, tokens, cost_usd, asks)
      SELECT project_id, '00000000-0000-0000-0000-000000000000'::uuid, (created_at AT TIME ZONE 'UTC')::date, sum(total_tokens), sum(cost_usd), count(*)
        FROM turns GROUP BY 1, 2, 3;
  `);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    DROP TABLE usage_daily;
    ALTER TABLE turns DROP COLUMN api_key_id;
    ALTER TABLE api_keys DROP COLUMN budget;
    ALTER TABLE projects DROP COLUMN budget;
  `);
}
