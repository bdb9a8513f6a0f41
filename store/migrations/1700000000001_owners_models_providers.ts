import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Owners and their tokens (management API), the model menu, provider connections with
 * encrypted keys, prices, per-turn cost, idempotency keys and the rate limiter's table.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    CREATE TABLE owners (
      id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email         text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 320),
      password_hash text NOT NULL,
      created_at    timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX owners_email_idx ON owners (lower(email));

    -- Bearer tokens for the management API; stored as SHA-256 digests like API keys.
    CREATE TABLE owner_tokens (
      id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id     uuid NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
      token_hash   bytea NOT NULL UNIQUE,
      name         text NOT NULL DEFAULT '',
      created_at   timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at   timestamptz
    );

    ALTER TABLE projects
      ADD COLUMN owner_id uuid REFERENCES owners(id) ON DELETE CASCADE,
      ADD COLUMN model_switching boolean NOT NULL DEFAULT false,
      ADD COLUMN voice_model text,
      ADD COLUMN history_token_budget integer NOT NULL DEFAULT 4000 CHECK (history_token_budget BETWEEN 0 AND 200000),
      ADD COLUMN rate_limit_per_minute integer CHECK (rate_limit_per_minute > 0),
      ADD COLUMN key_rate_limit_per_minute integer CHECK (key_rate_limit_per_minute > 0);
    CREATE INDEX projects_owner_idx ON projects(owner_id);

    -- The curated model menu, in the owner's order. The default (projects.chat_model) is always on it.
    CREATE TABLE project_models (
      project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      model_id   text NOT NULL,
      position   integer NOT NULL,
      PRIMARY KEY (project_id, model_id)
    );

    -- OpenAI-compatible endpoints a project's models run on; the key is AES-256-GCM encrypted.
    CREATE TABLE provider_connections (
      project_id        uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      name              text NOT NULL CHECK (name ~ '^[a-z0-9][a-z0-9_-]{0,39}$' AND name <> 'local'),
      base_url          text NOT NULL,
      api_key_encrypted bytea,
      created_at        timestamptz NOT NULL DEFAULT now(),
      updated_at        timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, name)
    );

    -- USD per million tokens, the providers' own unit.
    CREATE TABLE model_prices (
      project_id        uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      model_id          text NOT NULL,
      input_per_million  numeric(14, 6) NOT NULL CHECK (input_per_million >= 0),
      output_per_million numeric(14, 6) NOT NULL CHECK (output_per_million >= 0),
      PRIMARY KEY (project_id, model_id)
    );

    ALTER TABLE turns
      ADD COLUMN cost_usd numeric(16, 8) NOT NULL DEFAULT 0,
      -- The AskResponse as answered, so an idempotent replay returns it byte for byte.
      ADD COLUMN response jsonb;

    -- Idempotency-Key → the workflow run that answers it, for 24 hours.
    CREATE TABLE idempotency_keys (
      project_id  uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      key         text NOT NULL,
      body_hash   bytea NOT NULL,
      workflow_id text NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, key)
    );

    -- rate-limiter-flexible's table (its own layout), created here rather than at first use.
    CREATE TABLE rate_limits (
      key    varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    );
  `);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    DROP TABLE rate_limits; DROP TABLE idempotency_keys;
    ALTER TABLE turns DROP COLUMN response, DROP COLUMN cost_usd;
    DROP TABLE model_prices; DROP TABLE provider_connections; DROP TABLE project_models;
    ALTER TABLE projects DROP COLUMN owner_id, DROP COLUMN model_switching, DROP COLUMN voice_model,
      DROP COLUMN history_token_budget, DROP COLUMN rate_limit_per_minute, DROP COLUMN key_rate_limit_per_minute;
    DROP TABLE owner_tokens; DROP TABLE owners;
  `);
}
