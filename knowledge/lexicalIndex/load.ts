// Reads one project's chunks' full-text vectors from PostgreSQL into postings.
import type { SqlClient } from '../types.js';
import { PostingsBuilder, type ProjectPostings } from './postings.js';
import { parseTsvectorText } from './tsvectorText.js';

/**
 * The postings of the project's chunks, labelled `version`. The caller reads the version *before*
 * calling this: a write landing in between makes the postings newer than their label, which costs
 * one more load; the other order could keep old postings under a new version for good.
 *
 * One statement, so the chunks, their lengths and the documents' name order are of one snapshot.
 * The documents' order is PostgreSQL's own `ORDER BY name` (its collation, not JavaScript's), as
 * the SQL path's tie-break uses; equal names share a place.
 */
export async function loadPostings(sql: SqlClient, projectId: string, version: string): Promise<ProjectPostings> {
  const { rows } = await sql.query<{ id: string; document_id: string; document_order: number | string; chunk_index: number; token_count: number; tsv: string }>(
    `SELECT c.id, c.document_id, d.document_order, c.chunk_index, c.token_count, c.tsv::text AS tsv
       FROM chunks c
       JOIN (SELECT id, dense_rank() OVER (ORDER BY name) AS document_order FROM documents WHERE project_id = $1) d ON d.id = c.document_id
      WHERE c.project_id = $1`,
    [projectId],
  );
  const builder = new PostingsBuilder();
  for (const r of rows) {
    builder.add({
      id: r.id,
      documentId: r.document_id,
      documentOrder: Number(r.document_order), // bigint: text from pg
      chunkIndex: r.chunk_index,
      tokenCount: r.token_count,
      terms: parseTsvectorText(r.tsv),
    });
  }
  return builder.build(version);
}
