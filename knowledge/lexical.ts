// BM25 ranking of a project's chunks: the weights are worked out here from the statistics
// PostgreSQL keeps (how many chunks hold each stem); the scoring runs there (store/bm25.ts).
import { bm25Rank, chunkTotals, documentFrequencies, stemsOf, type WeightedText } from '../store/bm25.js';
import type { Pool } from '../store/pool.js';

export interface Bm25Params {
  /** Term-frequency saturation. */
  k1: number;
  /** How much a chunk's length discounts its term frequencies (0: not at all, 1: fully). */
  b: number;
  /**
   * Stems in more than this share of the project's chunks do not select candidates (they still
   * score): their weight is near zero, and matching on them would make most chunks candidates.
   */
  commonShare: number;
}

/**
 * Okapi BM25 over the project's chunks for weighted phrases (the question itself weighs 1):
 * each stem weighs idf = ln(1 + (N − df + 0.5) / (df + 0.5)) times its phrase's weight.
 */
export async function bm25Search(pool: Pool, projectId: string, texts: WeightedText[], limit: number, params: Bm25Params): Promise<{ id: string; score: number }[]> {
  const [stems, totals] = await Promise.all([stemsOf(pool, texts), chunkTotals(pool, projectId)]);
  if (!stems.length || !totals.chunks) return [];
  const df = await documentFrequencies(pool, projectId, stems.map((s) => s.lexeme));
  const present = stems.filter((s) => df.get(s.lexeme)! > 0);
  if (!present.length) return [];
  const n = totals.chunks;
  const weights = present.map((s) => s.weight * Math.log(1 + (n - df.get(s.lexeme)! + 0.5) / (df.get(s.lexeme)! + 0.5)));
  const rare = present.filter((s) => df.get(s.lexeme)! <= params.commonShare * n);
  return bm25Rank(
    pool,
    projectId,
    {
      lexemes: present.map((s) => s.lexeme),
      weights,
      selecting: (rare.length ? rare : present).map((s) => s.lexeme),
      k1: params.k1,
      b: params.b,
      // Chunks stored without a token count (0) would make it zero: lengths then do not count.
      avgLength: Math.max(totals.tokens / n, 1),
    },
    limit,
  );
}
