import { inTransaction, type Pool, type Queryable } from './pool.js';

/** One retrievable piece of a document. */
export interface Chunk {
  /** 0-based position within the document. */
  index: number;
  text: string;
  /** Headings the chunk sits under, outermost first (e.g. ["Billing", "Refunds"]). */
  headings: string[];
  tokenCount: number;
}

/** What a page says where it links to another: the target as a document's name or address, and the link's sentence. */
export interface DocumentLink {
  target: string;
  context: string;
}

export interface StoredChunk {
  id: string;
  documentId: string;
  document: string;
  chunkIndex: number;
  text: string;
  headings: string[];
  /** The document's title, as its parser read it (an HTML page's <title>); null before it is ingested. */
  title?: string | null;
}

/**
 * Takes the project's row, then its documents' in id order, before a transaction writes under
 * them, and returns the documents still there. Deleting a project or a document takes its row
 * first, then the rows under it; a writer holding an old chunk (or a new chunk's foreign-key check)
 * while waiting for the document would close a cycle with that delete, which PostgreSQL breaks by
 * failing one side ("deadlock detected"). `KEY SHARE` lets other writers go on; a document deleted
 * meanwhile is simply not locked, and writes under it then fail on their foreign key.
 */
export async function lockParents(tx: Queryable, projectId: string, documentIds: readonly string[], mode: 'KEY SHARE' | 'UPDATE' = 'KEY SHARE'): Promise<Set<string>> {
  await tx.query(`SELECT 1 FROM projects WHERE id = $1 FOR KEY SHARE`, [projectId]);
  const { rows } = await tx.query<{ id: string }>(`SELECT id FROM documents WHERE id = ANY($1::uuid[]) ORDER BY id FOR ${mode}`, [documentIds]);
  return new Set(rows.map((r) => r.id));
}

/** Replaces a document's chunks and its links to other pages; returns the chunks' ids in chunk order. */
export async function replaceChunks(pool: Pool, projectId: string, documentId: string, chunks: Chunk[], links: readonly DocumentLink[] = []): Promise<string[]> {
  return inTransaction(pool, async (tx) => {
    await lockParents(tx, projectId, [documentId]);
    await replaceLinks(tx, [{ documentId, links }]);
    await tx.query(`DELETE FROM chunks WHERE document_id = $1`, [documentId]);
    if (!chunks.length) return [];
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO chunks (document_id, project_id, chunk_index, text, headings, heading_text, token_count)
       SELECT $1, $2, i, t, ARRAY(SELECT json_array_elements_text(h::json)), COALESCE((SELECT string_agg(x, ' ') FROM json_array_elements_text(h::json) x), ''), n
         FROM unnest($3::int[], $4::text[], $5::text[], $6::int[]) AS u(i, t, h, n)
       ORDER BY i
       RETURNING id`,
      [documentId, projectId, chunks.map((c) => c.index), chunks.map((c) => c.text), chunks.map((c) => JSON.stringify(c.headings)), chunks.map((c) => c.tokenCount)],
    );
    return rows.map((r) => r.id);
  });
}

/** A slice of a document's chunks in order, for embedding in batches. */
export async function chunkSlice(pool: Pool, documentId: string, from: number, to: number): Promise<(StoredChunk & { projectId: string })[]> {
  const { rows } = await pool.query<StoredChunk & { projectId: string }>(
    `SELECT c.id, c.document_id AS "documentId", d.name AS document, c.chunk_index AS "chunkIndex", c.text, c.headings, c.project_id AS "projectId"
       FROM chunks c JOIN documents d ON d.id = c.document_id
      WHERE c.document_id = $1 AND c.chunk_index >= $2 AND c.chunk_index < $3 ORDER BY c.chunk_index`,
    [documentId, from, to],
  );
  return rows;
}

/** The first chunk of each of the project's documents given (none for a document without chunks). */
export async function firstChunks(pool: Pool, projectId: string, documentIds: readonly string[]): Promise<string[]> {
  if (!documentIds.length) return [];
  const { rows } = await pool.query<{ id: string }>(`SELECT id FROM chunks WHERE project_id = $1 AND document_id = ANY($2::uuid[]) AND chunk_index = 0`, [projectId, documentIds]);
  return rows.map((r) => r.id);
}

/** Whether a chunk is under its page's "Synopsis" heading (its second), as the two queries below read `lower(headings[2]) = 'synopsis'`. */
export function underSynopsis(chunk: Pick<StoredChunk, 'headings'>): boolean {
  return chunk.headings[1]?.toLowerCase() === 'synopsis';
}

/**
 * The documents among `documentIds` that are reference pages: one of their sections is headed
 * "Synopsis", as a manual page's and a DocBook reference entry's are (a command's, a statement's).
 */
export async function referencePages(pool: Pool, projectId: string, documentIds: readonly string[]): Promise<Set<string>> {
  if (!documentIds.length) return new Set();
  const { rows } = await pool.query<{ documentId: string }>(
    `SELECT DISTINCT document_id AS "documentId" FROM chunks WHERE project_id = $1 AND document_id = ANY($2::uuid[]) AND lower(headings[2]) = 'synopsis'`,
    [projectId, documentIds],
  );
  return new Set(rows.map((r) => r.documentId));
}

/**
 * The synopsis of each reference page among `documentIds` (referencePages) with the page's title:
 * the first chunk under its "Synopsis" heading, where a command's forms are typed as a user types
 * them ("git show [<options>] [<object>…]" on "git-show(1)").
 */
export async function synopses(pool: Pool, projectId: string, documentIds: readonly string[]): Promise<Map<string, { title: string | null; text: string }>> {
  if (!documentIds.length) return new Map();
  const { rows } = await pool.query<{ documentId: string; title: string | null; text: string }>(
    `SELECT DISTINCT ON (c.document_id) c.document_id AS "documentId", d.title, c.text
       FROM chunks c JOIN documents d ON d.id = c.document_id
      WHERE c.project_id = $1 AND c.document_id = ANY($2::uuid[]) AND lower(c.headings[2]) = 'synopsis'
      ORDER BY c.document_id, c.chunk_index`,
    [projectId, documentIds],
  );
  return new Map(rows.map((r) => [r.documentId, { title: r.title, text: r.text }]));
}

/** A StoredChunk's columns, with its document's name and title. */
const STORED_CHUNK = `SELECT c.id, c.document_id AS "documentId", d.name AS document, d.title, c.chunk_index AS "chunkIndex", c.text, c.headings
       FROM chunks c JOIN documents d ON d.id = c.document_id`;

export async function chunksByIds(pool: Pool, projectId: string, ids: string[]): Promise<StoredChunk[]> {
  if (!ids.length) return [];
  const { rows } = await pool.query<StoredChunk>(
    `${STORED_CHUNK}
      WHERE c.project_id = $1 AND c.id = ANY($2::uuid[])`,
    [projectId, ids],
  );
  return rows;
}

/** The first `limit` chunks of each of the project's documents given, as retrieval reads candidates. */
export async function pagePassages(pool: Pool, projectId: string, documentIds: readonly string[], limit: number): Promise<StoredChunk[]> {
  if (!documentIds.length) return [];
  const { rows } = await pool.query<StoredChunk>(
    `${STORED_CHUNK}
      WHERE c.project_id = $1 AND c.document_id = ANY($2::uuid[]) AND c.chunk_index < $3`,
    [projectId, documentIds, limit],
  );
  return rows;
}

/** A document's chunks in order, as the console previews them (at most `limit`). */
export async function documentChunks(pool: Pool, documentId: string, limit: number): Promise<Chunk[]> {
  const { rows } = await pool.query<Chunk>(
    `SELECT chunk_index AS "index", headings, text, token_count AS "tokenCount" FROM chunks WHERE document_id = $1 ORDER BY chunk_index LIMIT $2`,
    [documentId, limit],
  );
  return rows;
}

/** Replaces documents' links (in the transaction that writes their chunks: see migration 1700000000029). */
export async function replaceLinks(tx: Queryable, documents: readonly { documentId: string; links: readonly DocumentLink[] }[]): Promise<void> {
  if (!documents.length) return;
  await tx.query(`DELETE FROM document_links WHERE document_id = ANY($1::uuid[])`, [documents.map((d) => d.documentId)]);
  const links = documents.flatMap((d) => d.links.map((l) => ({ documentId: d.documentId, ...l })));
  if (!links.length) return;
  await tx.query(
    `INSERT INTO document_links (document_id, project_id, target, context)
     SELECT u.d, docs.project_id, u.t, u.c FROM unnest($1::uuid[], $2::text[], $3::text[]) AS u(d, t, c) JOIN documents docs ON docs.id = u.d`,
    [links.map((l) => l.documentId), links.map((l) => l.target), links.map((l) => l.context)],
  );
}
