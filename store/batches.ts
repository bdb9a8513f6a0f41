import { randomUUID } from 'node:crypto';
import type { DocumentView, IngestBatchView } from '@askflow/contract';
import { lockParents, replaceLinks, type Chunk, type DocumentLink } from './chunks.js';
import { DOCUMENT_VIEW, type DocumentRow, type SourceKind } from './documents.js';
import { inTransaction, type Pool } from './pool.js';

/** One document of a new batch: a new document, or new content for one the project has. */
export type BatchEntry =
  | { existingId: null; name: string; kind: SourceKind; sourceUrl: string | null; content: Buffer | null; contentHash: string | null }
  | { existingId: string; content: Buffer | null };

/** The project's documents a batch would update: files by name, URLs by URL (the oldest of each). */
export async function findDocumentsToUpdate(
  pool: Pool,
  projectId: string,
  names: string[],
  urls: string[],
): Promise<{ byName: Map<string, string>; byUrl: Map<string, string> }> {
  const [named, linked] = await Promise.all([
    pool.query<{ id: string; key: string }>(
      `SELECT DISTINCT ON (name) id, name AS key FROM documents
        WHERE project_id = $1 AND source_url IS NULL AND name = ANY($2::text[]) ORDER BY name, created_at, id`,
      [projectId, names],
    ),
    pool.query<{ id: string; key: string }>(
      `SELECT DISTINCT ON (source_url) id, source_url AS key FROM documents
        WHERE project_id = $1 AND source_url = ANY($2::text[]) ORDER BY source_url, created_at, id`,
      [projectId, urls],
    ),
  ]);
  return { byName: new Map(named.rows.map((r) => [r.key, r.id])), byUrl: new Map(linked.rows.map((r) => [r.key, r.id])) };
}

/** Of these documents, the ones being ingested now (by a running batch, or pending/ingesting alone), with their names. */
export async function documentsBeingIngested(pool: Pool, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const { rows } = await pool.query<{ name: string }>(
    `SELECT d.name FROM documents d
      WHERE d.id = ANY($1::uuid[])
        AND (d.status IN ('pending', 'ingesting')
             OR EXISTS (SELECT 1 FROM ingest_batch_documents bd JOIN ingest_batches b ON b.id = bd.batch_id
                         WHERE bd.document_id = d.id AND b.status = 'running'))
      ORDER BY d.name`,
    [ids],
  );
  return rows.map((r) => r.name);
}

/**
 * Writes a batch in one transaction: its row, its new documents (pending) and its list.
 * Content for existing documents is staged on the list until the workflow takes it over.
 * Returns the batch id and the document id of each entry, in order.
 */
export async function createBatch(pool: Pool, projectId: string, entries: BatchEntry[]): Promise<{ batchId: string; documentIds: string[] }> {
  const batchId = randomUUID();
  const documentIds = entries.map((e) => e.existingId ?? randomUUID());
  const fresh = entries.flatMap((e, i) => (e.existingId === null ? [{ ...e, id: documentIds[i]! }] : []));
  await inTransaction(pool, async (tx) => {
    await tx.query(`INSERT INTO ingest_batches (id, project_id, documents_total) VALUES ($1, $2, $3)`, [batchId, projectId, entries.length]);
    if (fresh.length) {
      await tx.query(
        `INSERT INTO documents (id, project_id, name, kind, source_url, content, content_hash)
         SELECT id, $1, name, kind, url, content, hash FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::bytea[], $7::text[]) AS u(id, name, kind, url, content, hash)`,
        [projectId, fresh.map((d) => d.id), fresh.map((d) => d.name), fresh.map((d) => d.kind), fresh.map((d) => d.sourceUrl), fresh.map((d) => d.content), fresh.map((d) => d.contentHash)],
      );
    }
    await tx.query(
      `INSERT INTO ingest_batch_documents (batch_id, document_id, position, content)
       SELECT $1, doc, pos - 1, content FROM unnest($2::uuid[], $3::bytea[]) WITH ORDINALITY AS u(doc, content, pos)`,
      [batchId, documentIds, entries.map((e) => (e.existingId === null ? null : e.content))],
    );
  });
  return { batchId, documentIds };
}

/** Undoes `createBatch` when its workflow could not be started: the batch and the documents it created go. */
export async function dropBatch(pool: Pool, batchId: string, createdDocumentIds: string[]): Promise<void> {
  await inTransaction(pool, async (tx) => {
    await tx.query(`DELETE FROM ingest_batches WHERE id = $1`, [batchId]);
    if (createdDocumentIds.length) await tx.query(`DELETE FROM documents WHERE id = ANY($1::uuid[])`, [createdDocumentIds]);
  });
}

const BATCH_VIEW = `b.id, b.status, b.error, b.documents_total AS "documentsTotal",
  to_json(b.created_at) #>> '{}' AS "createdAt", to_json(b.updated_at) #>> '{}' AS "updatedAt", to_json(b.finished_at) #>> '{}' AS "finishedAt",
  json_build_object(
    'pending', count(*) FILTER (WHERE d.status = 'pending'),
    'ingesting', count(*) FILTER (WHERE d.status = 'ingesting'),
    'ready', count(*) FILTER (WHERE d.status = 'ready'),
    'failed', count(*) FILTER (WHERE d.status = 'failed'),
    'unchanged', count(*) FILTER (WHERE bd.outcome = 'unchanged'),
    'deleted', b.documents_total - count(d.id)) AS counts,
  COALESCE(sum(d.chunks_total) FILTER (WHERE bd.outcome IS DISTINCT FROM 'unchanged'), 0)::int AS "chunksTotal",
  COALESCE(sum(d.chunks_embedded) FILTER (WHERE bd.outcome IS DISTINCT FROM 'unchanged'), 0)::int AS "chunksEmbedded"`;

/** A batch of the project with its progress and its documents (in batch order); null if there is none. */
export async function getBatchView(pool: Pool, projectId: string, batchId: string): Promise<{ batch: IngestBatchView; documents: DocumentView[] } | null> {
  const { rows } = await pool.query<IngestBatchView>(
    `SELECT ${BATCH_VIEW} FROM ingest_batches b
       LEFT JOIN ingest_batch_documents bd ON bd.batch_id = b.id
       LEFT JOIN documents d ON d.id = bd.document_id
      WHERE b.id = $1 AND b.project_id = $2
      GROUP BY b.id`,
    [batchId, projectId],
  );
  if (!rows[0]) return null;
  const docs = await pool.query<DocumentView>(
    `SELECT ${DOCUMENT_VIEW} FROM ingest_batch_documents bd JOIN documents d ON d.id = bd.document_id WHERE bd.batch_id = $1 ORDER BY bd.position`,
    [batchId],
  );
  return { batch: rows[0], documents: docs.rows };
}

/** The project a batch belongs to; null once the batch is gone (with its project). */
export async function batchProjectId(pool: Pool, batchId: string): Promise<string | null> {
  const { rows } = await pool.query<{ projectId: string }>(`SELECT project_id AS "projectId" FROM ingest_batches WHERE id = $1`, [batchId]);
  return rows[0]?.projectId ?? null;
}

/** A document of a batch as its workflow prepares it, with content staged by the batch if any. */
export interface BatchDocument extends DocumentRow {
  position: number;
  stagedContent: Buffer | null;
}

/** The documents at positions [from, to) of a batch that still exist, and the batch's project (null once the batch is gone). */
export async function batchDocuments(pool: Pool, batchId: string, from: number, to: number): Promise<{ projectId: string | null; documents: BatchDocument[] }> {
  const projectId = await batchProjectId(pool, batchId);
  if (!projectId) return { projectId: null, documents: [] };
  const { rows } = await pool.query<BatchDocument>(
    `SELECT d.id, d.project_id AS "projectId", d.name, d.kind, d.source_url AS "sourceUrl", d.content, d.content_hash AS "contentHash",
            d.index_key AS "indexKey", d.status, bd.position, bd.content AS "stagedContent"
       FROM ingest_batch_documents bd JOIN documents d ON d.id = bd.document_id
      WHERE bd.batch_id = $1 AND bd.position >= $2 AND bd.position < $3 ORDER BY bd.position`,
    [batchId, from, to],
  );
  return { projectId, documents: rows };
}

/** What preparing a group of a batch's documents came to, written at once. */
export interface PreparedWrites {
  /** New bytes for documents (fetched, or staged by the batch). */
  contents: { documentId: string; content: Buffer; contentHash: string }[];
  unchanged: string[];
  failed: { documentId: string; error: string }[];
  prepared: { documentId: string; title: string; indexKey: string; chunks: Chunk[]; links: DocumentLink[] }[];
}

/**
 * Writes a prepared group of the project's batch in one transaction. The project and the documents
 * are locked first (lockParents, the documents for update), so one deleted meanwhile is simply
 * skipped (and one being deleted waits for this to commit, then goes whole). Returns the ids of the
 * documents that were still there.
 */
export async function writePrepared(pool: Pool, projectId: string, batchId: string, w: PreparedWrites): Promise<Set<string>> {
  const ids = [...w.contents.map((c) => c.documentId), ...w.unchanged, ...w.failed.map((f) => f.documentId), ...w.prepared.map((p) => p.documentId)];
  return inTransaction(pool, async (tx) => {
    const alive = await lockParents(tx, projectId, ids, 'UPDATE');
    const contents = w.contents.filter((c) => alive.has(c.documentId));
    if (contents.length) {
      await tx.query(
        `UPDATE documents d SET content = u.content, content_hash = u.hash, updated_at = now()
           FROM unnest($1::uuid[], $2::bytea[], $3::text[]) AS u(id, content, hash) WHERE d.id = u.id`,
        [contents.map((c) => c.documentId), contents.map((c) => c.content), contents.map((c) => c.contentHash)],
      );
    }
    const failed = w.failed.filter((f) => alive.has(f.documentId));
    if (failed.length) {
      await tx.query(
        `UPDATE documents d SET status = 'failed', error = u.error, updated_at = now()
           FROM unnest($1::uuid[], $2::text[]) AS u(id, error) WHERE d.id = u.id`,
        [failed.map((f) => f.documentId), failed.map((f) => f.error)],
      );
    }
    const prepared = w.prepared.filter((p) => alive.has(p.documentId));
    const preparedIds = prepared.map((p) => p.documentId);
    if (prepared.length) {
      await replaceLinks(tx, prepared);
      await tx.query(`DELETE FROM chunks WHERE document_id = ANY($1::uuid[])`, [preparedIds]);
      const chunks = prepared.flatMap((p) => p.chunks.map((c) => ({ documentId: p.documentId, ...c })));
      if (chunks.length) {
        await tx.query(
          `INSERT INTO chunks (document_id, project_id, chunk_index, text, headings, heading_text, token_count)
           SELECT u.d, docs.project_id, u.i, u.t, ARRAY(SELECT json_array_elements_text(u.h::json)),
                  COALESCE((SELECT string_agg(x, ' ') FROM json_array_elements_text(u.h::json) x), ''), u.n
             FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::int[]) AS u(d, i, t, h, n)
             JOIN documents docs ON docs.id = u.d`,
          [chunks.map((c) => c.documentId), chunks.map((c) => c.index), chunks.map((c) => c.text), chunks.map((c) => JSON.stringify(c.headings)), chunks.map((c) => c.tokenCount)],
        );
      }
      await tx.query(
        `UPDATE documents d SET status = 'ingesting', error = NULL, title = u.title, chunks_total = u.n, chunks_embedded = 0, index_key = NULL, updated_at = now()
           FROM unnest($1::uuid[], $2::text[], $3::int[]) AS u(id, title, n) WHERE d.id = u.id`,
        [preparedIds, prepared.map((p) => p.title), prepared.map((p) => p.chunks.length)],
      );
    }
    // The batch remembers each document's outcome, and the key a prepared one is indexed under once finished.
    const outcomes = [
      ...prepared.map((p) => [p.documentId, 'prepared', p.indexKey] as const),
      ...w.unchanged.filter((id) => alive.has(id)).map((id) => [id, 'unchanged', null] as const),
      ...failed.map((f) => [f.documentId, 'failed', null] as const),
    ];
    if (outcomes.length) {
      await tx.query(
        `UPDATE ingest_batch_documents bd SET outcome = u.outcome, index_key = u.key
           FROM unnest($2::uuid[], $3::text[], $4::text[]) AS u(id, outcome, key) WHERE bd.batch_id = $1 AND bd.document_id = u.id`,
        [batchId, outcomes.map((o) => o[0]), outcomes.map((o) => o[1]), outcomes.map((o) => o[2])],
      );
    }
    await tx.query(`UPDATE ingest_batches SET updated_at = now() WHERE id = $1`, [batchId]);
    return alive;
  });
}

/** Chunks of several documents' spans, in span order, for one embedding call. */
export async function chunksOfSpans(
  pool: Pool,
  spans: { documentId: string; from: number; to: number }[],
): Promise<{ id: string; documentId: string; chunkIndex: number; text: string; headings: string[] }[]> {
  const { rows } = await pool.query<{ id: string; documentId: string; chunkIndex: number; text: string; headings: string[] }>(
    `SELECT c.id, c.document_id AS "documentId", c.chunk_index AS "chunkIndex", c.text, c.headings
       FROM unnest($1::uuid[], $2::int[], $3::int[]) WITH ORDINALITY AS s(doc, lo, hi, ord)
       JOIN chunks c ON c.document_id = s.doc AND c.chunk_index >= s.lo AND c.chunk_index < s.hi
      ORDER BY s.ord, c.chunk_index`,
    [spans.map((s) => s.documentId), spans.map((s) => s.from), spans.map((s) => s.to)],
  );
  return rows;
}

/** Records chunks [0, embedded) of each document as indexed; never moves a count back. */
export async function recordEmbeddedSpans(pool: Pool, batchId: string, embedded: { documentId: string; embedded: number }[]): Promise<void> {
  // A data-modifying CTE always runs: one statement moves the documents and touches the batch.
  await pool.query(
    `WITH docs AS (UPDATE documents d SET chunks_embedded = GREATEST(d.chunks_embedded, u.n), updated_at = now()
                     FROM unnest($2::uuid[], $3::int[]) AS u(id, n) WHERE d.id = u.id)
     UPDATE ingest_batches SET updated_at = now() WHERE id = $1`,
    [batchId, embedded.map((e) => e.documentId), embedded.map((e) => e.embedded)],
  );
}

/** Of these documents, the ones deleted meanwhile. */
export async function goneDocuments(pool: Pool, ids: string[]): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT u.id FROM unnest($1::uuid[]) AS u(id) WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = u.id)`,
    [ids],
  );
  return rows.map((r) => r.id);
}

/**
 * Ends a batch: its prepared documents become ready under their new index key (or failed, with
 * the batch's error), staged content is dropped, and the batch is done (or failed).
 */
export async function finishBatchRows(pool: Pool, batchId: string, error: string | null): Promise<void> {
  await inTransaction(pool, async (tx) => {
    if (error === null) {
      await tx.query(
        `UPDATE documents d SET status = 'ready', error = NULL, index_key = bd.index_key, updated_at = now()
           FROM ingest_batch_documents bd WHERE bd.batch_id = $1 AND bd.outcome = 'prepared' AND d.id = bd.document_id`,
        [batchId],
      );
      await tx.query(`UPDATE ingest_batch_documents SET outcome = 'ready' WHERE batch_id = $1 AND outcome = 'prepared'`, [batchId]);
    } else {
      // Every document the batch had not finished fails with it; ones it finished (or found unchanged) stay as they are.
      await tx.query(
        `UPDATE documents d SET status = 'failed', error = $2, updated_at = now()
           FROM ingest_batch_documents bd WHERE bd.batch_id = $1 AND (bd.outcome IS NULL OR bd.outcome = 'prepared') AND d.id = bd.document_id`,
        [batchId, error],
      );
      await tx.query(`UPDATE ingest_batch_documents SET outcome = 'failed' WHERE batch_id = $1 AND (outcome IS NULL OR outcome = 'prepared')`, [batchId]);
    }
    await tx.query(`UPDATE ingest_batch_documents SET content = NULL WHERE batch_id = $1 AND content IS NOT NULL`, [batchId]);
    await tx.query(
      `UPDATE ingest_batches SET status = $2, error = $3, finished_at = now(), updated_at = now() WHERE id = $1`,
      [batchId, error === null ? 'done' : 'failed', error],
    );
  });
}

/** Documents a finished batch made ready or failed (not the unchanged ones): what its webhooks hear of. */
export async function finishedBatchDocuments(pool: Pool, batchId: string): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(`SELECT document_id AS id FROM ingest_batch_documents WHERE batch_id = $1 AND outcome IN ('ready', 'failed')`, [batchId]);
  return rows.map((r) => r.id);
}
