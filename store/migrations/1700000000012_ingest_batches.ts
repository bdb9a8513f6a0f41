import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Bulk ingestion: a batch of documents ingested by one workflow. `ingest_batch_documents` lists
 * a batch's documents in order; a row goes with its document when that is deleted (the batch
 * then counts it as deleted). `content` holds new bytes for a document that already existed,
 * until the workflow takes them over, so a batch that never starts changes no document.
 * `index_key` is what the document will be indexed as once the batch finishes it.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    CREATE TABLE ingest_batches (
      id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id      uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      status          text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
      error           text,
      documents_total integer NOT NULL,
      created_at      timestamptz NOT NULL DEFAULT now(),
      updated_at      timestamptz NOT NULL DEFAULT now(),
      finished_at     timestamptz
    );
    CREATE INDEX ingest_batches_project_idx ON ingest_batches(project_id, created_at);

    CREATE TABLE ingest_batch_documents (
      batch_id    uuid NOT NULL REFERENCES ingest_batches(id) ON DELETE CASCADE,
      document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      position    integer NOT NULL,
      content     bytea,
      outcome     text CHECK (outcome IN ('prepared', 'unchanged', 'failed', 'ready')),
      index_key   text,
      PRIMARY KEY (batch_id, position)
    );
    CREATE INDEX ingest_batch_documents_document_idx ON ingest_batch_documents(document_id);

    -- A batch matches the documents it updates by name (files) or URL.
    CREATE INDEX documents_project_name_idx ON documents(project_id, name);
  `);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`DROP INDEX documents_project_name_idx; DROP TABLE ingest_batch_documents; DROP TABLE ingest_batches;`);
}
