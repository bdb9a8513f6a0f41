import type { Pool } from './pool.js';

/** How many chunks a project has, and in how many of them each of a few terms occurs. */
export interface TermStats {
  chunks: number;
  /** Per term as given; a term PostgreSQL's English configuration does not index (a stopword) counts as in every chunk. */
  frequency: Map<string, number>;
}

/** More terms than a question has: the cost of one call stays bounded whatever it is given. */
const MAX_TERMS = 32;

/**
 * Chunk frequency of each term in one project, in one query: each term is stemmed by the same
 * `english` configuration that builds `chunks.tsv`, and counted through its GIN index, so the
 * cost grows with the few terms of one question and the chunks holding them, never with a scan
 * of the project's text.
 */
export async function termStats(pool: Pool, projectId: string, terms: string[]): Promise<TermStats> {
  const asked = [...new Set(terms)].slice(0, MAX_TERMS);
  const { rows } = await pool.query<{ term: string | null; df: string | null; chunks: string }>(
    `WITH n AS (SELECT count(*) AS chunks FROM chunks WHERE project_id = $1),
          q AS (SELECT w, to_tsquery('english', quote_literal(w)) AS query FROM unnest($2::text[]) AS w)
     SELECT q.w AS term,
            CASE WHEN numnode(q.query) = 0 THEN NULL
                 ELSE (SELECT count(*) FROM chunks c WHERE c.project_id = $1 AND c.tsv @@ q.query) END AS df,
            n.chunks
       FROM n LEFT JOIN q ON true`,
    [projectId, asked],
  );
  const chunks = Number(rows[0]?.chunks ?? 0);
  const frequency = new Map<string, number>();
  for (const row of rows) if (row.term !== null) frequency.set(row.term, row.df === null ? chunks : Number(row.df));
  return { chunks, frequency };
}
