import type { Pool } from './pool.js';

/** How many chunks a project has, and in how many of them each of a few terms occurs. */
export interface TermStats {
  chunks: number;
  /** The chunks' length in all, in tokens. */
  tokens: number;
  /** Per term as given; a term PostgreSQL's English configuration does not index (a stopword) counts as in every chunk. */
  frequency: Map<string, number>;
}

/** More terms than a question has: the cost of one call stays bounded whatever it is given. */
const MAX_TERMS = 32;

/**
 * Chunk frequency of each term in one project, in one query: each term is read by `search_vector`
 * (migration 30), as the chunks' `tsv` column is by the same configuration, and looked up in the statistics kept beside
 * the chunks (`chunk_terms`). A term that stems to several lexemes (`e-mail`) counts as its
 * rarest part, the most a chunk holding all of them could number.
 */
export async function termStats(pool: Pool, projectId: string, terms: string[]): Promise<TermStats> {
  const asked = [...new Set(terms)].slice(0, MAX_TERMS);
  const { rows } = await pool.query<{ term: string | null; df: string | null; chunks: string; tokens: string }>(
    `WITH n AS (SELECT coalesce(t.chunks, 0) AS chunks, coalesce(t.tokens, 0) AS tokens
                  FROM (SELECT 1) one LEFT JOIN chunk_totals t ON t.project_id = $1),
          q AS (SELECT w, tsvector_to_array(search_vector(w)) AS lexemes FROM unnest($2::text[]) AS w)
     SELECT q.w AS term,
            CASE WHEN cardinality(q.lexemes) = 0 THEN NULL
                 ELSE coalesce((SELECT min(coalesce(t.df, 0)) FROM unnest(q.lexemes) l
                                  LEFT JOIN chunk_terms t ON t.project_id = $1 AND t.lexeme = l), 0) END AS df,
            n.chunks, n.tokens
       FROM n LEFT JOIN q ON true`,
    [projectId, asked],
  );
  const chunks = Number(rows[0]?.chunks ?? 0);
  const frequency = new Map<string, number>();
  for (const row of rows) if (row.term !== null) frequency.set(row.term, row.df === null ? chunks : Number(row.df));
  return { chunks, tokens: Number(rows[0]?.tokens ?? 0), frequency };
}

/** More pairs than a question's telling words make (five words, ten pairs): one call's cost stays bounded. */
const MAX_PAIRS = 10;

/**
 * In how many of one project's chunks both terms of each pair occur, in one query, the terms read
 * as termStats reads them (`search_vector`). A term the index does not keep (a stopword) adds
 * nothing to its pair, as termStats counts it in every chunk; a pair of two such counts 0.
 */
export async function jointFrequency(pool: Pool, projectId: string, pairs: readonly (readonly [string, string])[]): Promise<number[]> {
  const asked = pairs.slice(0, MAX_PAIRS);
  if (!asked.length) return [];
  const { rows } = await pool.query<{ i: number; n: string }>(
    `WITH p AS (SELECT i, tsvector_to_array(search_vector(a)) || tsvector_to_array(search_vector(b)) AS lexemes
                  FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS x(a, b, i))
     SELECT p.i::int AS i,
            (SELECT count(*) FROM chunks c
              WHERE c.project_id = $1
                AND c.tsv @@ (SELECT string_agg(quote_literal(l), ' & ') FROM unnest(p.lexemes) l)::tsquery) AS n
       FROM p WHERE cardinality(p.lexemes) > 0`,
    [projectId, asked.map((pair) => pair[0]), asked.map((pair) => pair[1])],
  );
  const counted = new Map(rows.map((r) => [r.i, Number(r.n)]));
  return asked.map((_, i) => counted.get(i + 1) ?? 0);
}
