import type { MigrationBuilder } from 'node-pg-migrate';

/** Projects (tenants), their API keys, threads and the turns of each thread. */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    CREATE TABLE projects (
      id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
      chat_model    text NOT NULL DEFAULT 'local:extractive',
      temperature   real NOT NULL DEFAULT 0.2 CHECK (temperature >= 0 AND temperature <= 2),
      system_prompt text NOT NULL DEFAULT '',
      tools_enabled boolean NOT NULL DEFAULT false,
      rag_enabled   boolean NOT NULL DEFAULT false,
      created_at    timestamptz NOT NULL DEFAULT now(),
      updated_at    timestamptz NOT NULL DEFAULT now()
    );

    -- Keys are stored only as SHA-256 digests: they carry 256 bits of randomness, so a slow
    -- password hash would add latency to every ask without adding safety.
    CREATE TABLE api_keys (
      id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id   uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      mode         text NOT NULL CHECK (mode IN ('live', 'test')),
      key_hash     bytea NOT NULL UNIQUE,
      prefix       text NOT NULL,
      name         text NOT NULL DEFAULT '',
      created_at   timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at   timestamptz
    );
    CREATE INDEX api_keys_project_idx ON api_keys(project_id);

    CREATE TABLE threads (
      id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id         uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      external_thread_id text CHECK (char_length(external_thread_id) BETWEEN 1 AND 255),
      created_at         timestamptz NOT NULL DEFAULT now(),
      updated_at         timestamptz NOT NULL DEFAULT now(),
      UNIQUE (project_id, external_thread_id)
    );

    CREATE TABLE turns (
      id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id        uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      thread_id         uuid NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
      -- One turn per workflow run: a retried persist activity cannot write it twice.
      workflow_id       text NOT NULL UNIQUE,
      request_id        text NOT NULL,
      external_user_id  text,
      user_message      text NOT NULL,
      answer            text NOT NULL,
      intent            text NOT NULL CHECK (intent IN ('vanilla', 'rag', 'tools', 'rag_tools')),
      model             text NOT NULL,
      tool_used         text,
      rag_chunks_used   integer NOT NULL DEFAULT 0,
      prompt_tokens     integer NOT NULL,
      completion_tokens integer NOT NULL,
      total_tokens      integer NOT NULL,
      latency_ms        integer NOT NULL,
      is_test           boolean NOT NULL,
      created_at        timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX turns_thread_idx ON turns(thread_id, created_at);
    CREATE INDEX turns_project_time_idx ON turns(project_id, created_at);
  `);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql('DROP TABLE turns; DROP TABLE threads; DROP TABLE api_keys; DROP TABLE projects;');
}
