import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Knowledge: documents, their chunks (with a full-text vector kept by PostgreSQL), the built-in
 * exact index's vectors, and the project's retrieval settings.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    ALTER TABLE projects
      ADD COLUMN embedding_model text NOT NULL DEFAULT 'local:lexical-256',
      ADD COLUMN rag_top_k integer NOT NULL DEFAULT 5 CHECK (rag_top_k BETWEEN 1 AND 50),
      ADD COLUMN rag_min_score real NOT NULL DEFAULT 0.15 CHECK (rag_min_score >= 0 AND rag_min_score <= 1),
      ADD COLUMN chunk_tokens integer NOT NULL DEFAULT 300 CHECK (chunk_tokens BETWEEN 50 AND 4000),
      ADD COLUMN chunk_overlap integer NOT NULL DEFAULT 40 CHECK (chunk_overlap >= 0);

    CREATE TABLE documents (
      id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id      uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      name            text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 500),
      kind            text NOT NULL CHECK (kind IN ('text', 'markdown', 'html', 'pdf')),
      source_url      text,
      -- The bytes as uploaded (or last fetched), so the project can be re-indexed any time.
      content         bytea,
      content_hash    text,
      title           text,
      -- What is indexed now: content, chunking and embedding model together. Same key, no work.
      index_key       text,
      status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ingesting', 'ready', 'failed')),
      error           text,
      chunks_total    integer NOT NULL DEFAULT 0,
      chunks_embedded integer NOT NULL DEFAULT 0,
      created_at      timestamptz NOT NULL DEFAULT now(),
      updated_at      timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX documents_project_idx ON documents(project_id, created_at);

    CREATE TABLE chunks (
      id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      project_id  uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      chunk_index integer NOT NULL,
      text        text NOT NULL,
      headings    text[] NOT NULL DEFAULT '{}',
      -- The headings as one string: a generated column may only use immutable expressions.
      heading_text text NOT NULL DEFAULT '',
      token_count integer NOT NULL,
      tsv         tsvector GENERATED ALWAYS AS (to_tsvector('english', heading_text || ' ' || text)) STORED,
      UNIQUE (document_id, chunk_index)
    );
    CREATE INDEX chunks_tsv_idx ON chunks USING gin (tsv);
    CREATE INDEX chunks_project_idx ON chunks(project_id);

    -- The built-in exact index: float32 little-endian vectors, scanned exactly (recall 1.0).
    CREATE TABLE chunk_vectors (
      chunk_id    uuid PRIMARY KEY REFERENCES chunks(id) ON DELETE CASCADE,
      project_id  uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      dims        integer NOT NULL,
      embedding   bytea NOT NULL
    );
    -- Serves both loading a project and deleting one document's vectors.
    CREATE INDEX chunk_vectors_project_document_idx ON chunk_vectors(project_id, document_id);

    -- Bumped with every change to a project's vectors, so each worker's cache knows when to reload.
    CREATE TABLE vector_index_versions (
      project_id uuid PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
      version    bigint NOT NULL
    );
  `);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    DROP TABLE vector_index_versions; DROP TABLE chunk_vectors; DROP TABLE chunks; DROP TABLE documents;
    ALTER TABLE projects DROP COLUMN embedding_model, DROP COLUMN rag_top_k, DROP COLUMN rag_min_score,
      DROP COLUMN chunk_tokens, DROP COLUMN chunk_overlap;
  `);
}
