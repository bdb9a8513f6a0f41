import type { Chunk } from '../knowledge/types.js';
import { inTransaction, type Pool } from './pool.js';

export interface StoredChunk {
  id: string;
  documentId: string;
  document: string;
  chunkIndex: number;
  text: string;
  headings: string[];
}

/** Replaces a document's chunks; returns their ids in chunk order. */
export async function replaceChunks(pool: Pool, projectId: string, documentId: string, chunks: Chunk[]): Promise<string[]> {
  return inTransaction(pool, async (tx) => {
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

export async function chunksByIds(pool: Pool, projectId: string, ids: string[]): Promise<StoredChunk[]> {
  if (!ids.length) return [];
  const { rows } = await pool.query<StoredChunk>(
    `SELECT c.id, c.document_id AS "documentId", d.name AS document, c.chunk_index AS "chunkIndex", c.text, c.headings
       FROM chunks c JOIN documents d ON d.id = c.document_id
      WHERE c.project_id = $1 AND c.id = ANY($2::uuid[])`,
    [projectId, ids],
  );
  return rows;
}

/**
 * Full-text ranking over the project's chunks. The question's words are ORed (an AND of every
 * word of a question rarely matches anything), then ranked by cover density.
 */
export async function lexicalSearch(pool: Pool, projectId: string, question: string, limit: number): Promise<{ id: string; rank: number }[]> {
  const words = (question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 64);
  if (!words.length) return [];
  const { rows } = await pool.query<{ id: string; rank: number }>(
    `WITH q AS (SELECT to_tsquery('english', string_agg(quote_literal(w), ' | ')) AS query
                  FROM unnest($2::text[]) AS w
                 WHERE numnode(to_tsquery('english', quote_literal(w))) > 0)
     SELECT c.id, ts_rank_cd(c.tsv, q.query)::float8 AS rank
       FROM chunks c, q
      WHERE c.project_id = $1 AND q.query IS NOT NULL AND c.tsv @@ q.query
      ORDER BY rank DESC, c.id
      LIMIT $3`,
    [projectId, words, limit],
  );
  return rows;
}
