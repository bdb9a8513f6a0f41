// Reads one project's chunks' full-text vectors from PostgreSQL into postings.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SqlClient } from '../types.js';
import { PostingsBuilder, type ProjectPostings } from './postings.js';
import { parseTsvectorText } from './tsvectorText.js';

/** Chunks parsed between two turns of the event loop (~50 ms of work). */
export const ROWS_PER_TURN = 2_000;

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
  for (const [i, r] of rows.entries()) {
    // Parsing is all CPU (~3 s for 100k chunks): the worker's other asks get a turn every
    // ROWS_PER_TURN rows rather than waiting for the whole project.
    if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
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
