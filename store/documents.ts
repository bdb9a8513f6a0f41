import { createHash } from 'node:crypto';
import type { DocumentView } from '@askflow/contract';
import { retryingLostRaces, type Pool } from './pool.js';

/** What a document is parsed as. */
export type SourceKind = DocumentView['kind'];

export interface DocumentRow {
  id: string;
  projectId: string;
  name: string;
  kind: SourceKind;
  sourceUrl: string | null;
  content: Buffer | null;
  contentHash: string | null;
  indexKey: string | null;
  status: DocumentView['status'];
}

/** `content_hash`: SHA-256 of the document's bytes, hex. */
export function contentHash(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/** A document as the api shows it (columns of `documents`, unqualified). */
export const DOCUMENT_VIEW = `id, name, kind, source_url AS "sourceUrl", title, status, error, chunks_total AS "chunksTotal",
  chunks_embedded AS "chunksEmbedded", to_json(created_at) #>> '{}' AS "createdAt", to_json(updated_at) #>> '{}' AS "updatedAt"`;

export async function createDocument(
  pool: Pool,
  d: { projectId: string; name: string; kind: SourceKind; sourceUrl: string | null; content: Buffer | null; contentHash: string | null },
): Promise<DocumentView> {
  const { rows } = await pool.query<DocumentView>(
    `INSERT INTO documents (project_id, name, kind, source_url, content, content_hash) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${DOCUMENT_VIEW}`,
    [d.projectId, d.name, d.kind, d.sourceUrl, d.content, d.contentHash],
  );
  return rows[0]!;
}

export async function listDocuments(pool: Pool, projectId: string): Promise<DocumentView[]> {
  const { rows } = await pool.query<DocumentView>(`SELECT ${DOCUMENT_VIEW} FROM documents WHERE project_id = $1 ORDER BY created_at`, [projectId]);
  return rows;
}

export async function getDocumentView(pool: Pool, projectId: string, id: string): Promise<DocumentView | null> {
  const { rows } = await pool.query<DocumentView>(`SELECT ${DOCUMENT_VIEW} FROM documents WHERE project_id = $1 AND id = $2`, [projectId, id]);
  return rows[0] ?? null;
}

export async function getDocument(pool: Pool, id: string): Promise<DocumentRow | null> {
  const { rows } = await pool.query<DocumentRow>(
    `SELECT id, project_id AS "projectId", name, kind, source_url AS "sourceUrl", content, content_hash AS "contentHash",
            index_key AS "indexKey", status FROM documents WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function documentIds(pool: Pool, projectId: string): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(`SELECT id FROM documents WHERE project_id = $1`, [projectId]);
  return rows.map((r) => r.id);
}

export async function updateDocument(
  pool: Pool,
  id: string,
  fields: Partial<{ status: DocumentView['status']; error: string | null; title: string | null; chunksTotal: number; chunksEmbedded: number; indexKey: string | null; content: Buffer; contentHash: string }>,
): Promise<void> {
  const columns: Record<string, string> = {
    status: 'status', error: 'error', title: 'title', chunksTotal: 'chunks_total', chunksEmbedded: 'chunks_embedded',
    indexKey: 'index_key', content: 'content', contentHash: 'content_hash',
  };
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  if (!entries.length) return;
  await pool.query(
    `UPDATE documents SET ${entries.map(([k], i) => `${columns[k]} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
    [id, ...entries.map(([, v]) => v)],
  );
}

export async function deleteDocumentRow(pool: Pool, id: string): Promise<void> {
  await retryingLostRaces(() => pool.query(`DELETE FROM documents WHERE id = $1`, [id]));
}

/** Whether the project (the placeholder or column given) has a document with chunks, as an SQL boolean expression. */
export function readyDocumentsOf(projectId: string): string {
  return `EXISTS (SELECT 1 FROM documents WHERE project_id = ${projectId} AND chunks_total > 0)`;
}

/** Records that chunks [0, embedded) are indexed; never moves the count back (a retried batch may finish late). */
export async function recordEmbeddedChunks(pool: Pool, id: string, embedded: number): Promise<void> {
  await pool.query(`UPDATE documents SET chunks_embedded = GREATEST(chunks_embedded, $2), updated_at = now() WHERE id = $1`, [id, embedded]);
}

/** Documents as the api shows them, with their project, by id (a batch's at most: the ids are bounded by the caller). */
export async function documentViews(pool: Pool, ids: string[]): Promise<(DocumentView & { projectId: string })[]> {
  const { rows } = await pool.query<DocumentView & { projectId: string }>(`SELECT project_id AS "projectId", ${DOCUMENT_VIEW} FROM documents WHERE id = ANY($1::uuid[])`, [ids]);
  return rows;
}
