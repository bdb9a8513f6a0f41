import type { MigrationBuilder } from 'node-pg-migrate';

/** The project's tools (HTTP endpoints Askflow may call) and its signing secrets. */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    CREATE TABLE tools (
      id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id      uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      name            text NOT NULL CHECK (name ~ '^[A-Za-z][A-Za-z0-9_-]{0,63}$'),
      description     text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 2000),
      parameters      jsonb NOT NULL,
      url             text NOT NULL,
      method          text NOT NULL DEFAULT 'POST' CHECK (method IN ('POST', 'PUT', 'PATCH')),
      timeout_ms      integer NOT NULL DEFAULT 10000 CHECK (timeout_ms BETWEEN 100 AND 60000),
      forward_headers text[] NOT NULL DEFAULT '{}',
      created_at      timestamptz NOT NULL DEFAULT now(),
      updated_at      timestamptz NOT NULL DEFAULT now(),
      UNIQUE (project_id, name)
    );

    -- Encrypted; the previous secret keeps signing (beside the new one) until its grace ends.
    ALTER TABLE projects
      ADD COLUMN signing_secret_encrypted bytea,
      ADD COLUMN previous_signing_secret_encrypted bytea,
      ADD COLUMN previous_signing_secret_expires_at timestamptz;

    ALTER TABLE turns ADD COLUMN tool_calls jsonb;
  `);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    ALTER TABLE turns DROP COLUMN tool_calls;
    ALTER TABLE projects DROP COLUMN signing_secret_encrypted, DROP COLUMN previous_signing_secret_encrypted,
      DROP COLUMN previous_signing_secret_expires_at;
    DROP TABLE tools;
  `);
}
