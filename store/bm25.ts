// The SQL side of BM25 ranking over chunks, on PostgreSQL's full-text vectors (the `english`
// configuration: Snowball stems and its stopwords), and the statistics it weighs stems by.
// knowledge/lexical.ts does the arithmetic.
import type { Pool } from './pool.js';

/** A phrase to search for and its weight: a question's own words weigh 1, expansions less. */
export interface WeightedText {
  text: string;
  weight: number;
}

/** A question's stems and what BM25 needs to weigh them in one project. */
export interface StemStats {
  /** The distinct stems of the phrases (stopwords dropped), each with the greatest weight it came with and its chunk frequency, in stem order. */
  stems: { lexeme: string; weight: number; df: number }[];
  /** The project's chunks and their total length (tokens). */
  chunks: number;
  tokens: number;
}

/**
 * The stems of `texts` with their chunk frequencies and the project's totals, in one query: the
 * statistics are kept by triggers on `chunks` (`chunk_terms`, `chunk_totals`), so this is lookups.
 */
export async function stemStats(pool: Pool, projectId: string, texts: WeightedText[]): Promise<StemStats> {
  const { rows } = await pool.query<{ lexeme: string | null; weight: number | null; df: number | null; chunks: number; tokens: number }>(
    `WITH s AS (
       SELECT u.lexeme, max(i.weight)::float8 AS weight
         FROM unnest($2::text[], $3::float8[]) AS i(text, weight), unnest(search_vector(i.text)) AS u
        GROUP BY u.lexeme
     ), n AS (SELECT coalesce(max(chunks), 0)::float8 AS chunks, coalesce(max(tokens), 0)::float8 AS tokens FROM chunk_totals WHERE project_id = $1)
     SELECT s.lexeme, s.weight, coalesce(t.df, 0) AS df, n.chunks, n.tokens
       FROM n LEFT JOIN s ON true LEFT JOIN chunk_terms t ON t.project_id = $1 AND t.lexeme = s.lexeme
      ORDER BY s.lexeme`,
    [projectId, texts.map((t) => t.text), texts.map((t) => t.weight)],
  );
  return {
    stems: rows.filter((r) => r.lexeme !== null).map((r) => ({ lexeme: r.lexeme!, weight: r.weight!, df: r.df! })),
    chunks: rows[0]?.chunks ?? 0,
    tokens: rows[0]?.tokens ?? 0,
  };
}

export interface Bm25Query {
  /** Stems with their weight (idf × the phrase's weight). */
  lexemes: string[];
  weights: number[];
  /** The stems that pick the chunks scored at all: chunks holding any of them, or all of them with `selectAll`. */
  selecting: string[];
  selectAll: boolean;
  k1: number;
  b: number;
  /** Average chunk length (tokens) of the project. */
  avgLength: number;
}

/** A chunk BM25 scored, with the document it belongs to. */
export interface Bm25Hit {
  id: string;
  documentId: string;
  score: number;
  /** The document's chunks against the project's mean per document (1: a page of average length), which the document list is normalised by. */
  documentLength: number;
}

/**
 * The best `limit` chunks by Okapi BM25: Σ weight · tf·(k1+1) / (tf + k1·(1 − b + b·len/avg)).
 * Ties are broken by document name and chunk position, never by id alone, so two projects
 * holding the same documents rank alike.
 */
export async function bm25Rank(pool: Pool, projectId: string, q: Bm25Query, limit: number): Promise<Bm25Hit[]> {
  if (!q.selecting.length) return [];
  const { rows } = await pool.query<Bm25Hit>(
    `WITH w AS (SELECT lexeme, weight, quote_literal(lexeme)::tsquery AS query FROM unnest($2::text[], $3::float8[]) AS w(lexeme, weight)),
     candidates AS (
       SELECT c.id, c.document_id, c.chunk_index, c.token_count, c.tsv
         FROM chunks c
        WHERE c.project_id = $1
          AND c.tsv @@ (SELECT string_agg(quote_literal(l), CASE WHEN $9 THEN ' & ' ELSE ' | ' END) FROM unnest($4::text[]) l)::tsquery
     ), counted AS (
       -- A stem's frequency in a chunk, read off ts_rank: with every weight 1 and one stem it is
       -- (Σ_{j≤tf} 1/j²) / (π²/6), whose tail 1 − r ≈ 1 / ((tf + ½)·π²/6). Much cheaper than
       -- unnesting each chunk's vector, which builds a positions array for every stem in it.
       SELECT c.id, c.document_id, c.chunk_index, c.token_count, w.weight,
              round(1 / (1.64493406685 * greatest(1 - ts_rank('{1,1,1,1}', c.tsv, w.query, 0)::float8, 1e-9)) - 0.5) AS tf
         FROM candidates c CROSS JOIN w
        WHERE c.tsv @@ w.query
     ), scored AS (
       -- Rounded: a float sum depends on the order of its terms, which the plan does not fix,
       -- and equal chunks must score exactly equal for the tie-break to apply.
       SELECT id, document_id, chunk_index,
              round(sum(weight * (tf * ($6::float8 + 1)) / (tf + $6::float8 * (1 - $7::float8 + $7::float8 * token_count / $8::float8)))::numeric, 9) AS score
         FROM counted
        GROUP BY id, document_id, chunk_index
     ), lengths AS (
       SELECT document_id, count(*)::float8 AS n FROM chunks WHERE project_id = $1 GROUP BY document_id
     ), totals AS (
       SELECT count(*)::float8 AS documents, sum(n) AS chunks FROM lengths
     )
     SELECT s.id, s.document_id AS "documentId", s.score::float8 AS score, (l.n * t.documents) / t.chunks AS "documentLength"
       FROM scored s JOIN documents d ON d.id = s.document_id JOIN lengths l ON l.document_id = s.document_id CROSS JOIN totals t
      ORDER BY s.score DESC, d.name, s.chunk_index, s.id
      LIMIT $5`,
    [projectId, q.lexemes, q.weights, q.selecting, limit, q.k1, q.b, q.avgLength, q.selectAll],
  );
  return rows;
}
