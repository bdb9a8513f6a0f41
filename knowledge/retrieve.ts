import type { Pool } from '../store/pool.js';
import { chunksByIds, lexicalSearch, type StoredChunk } from '../store/chunks.js';
import type { Embedder, VectorIndex } from './types.js';

export type RetrievalMode = 'lexical' | 'vector' | 'hybrid';

export interface RetrievedChunk extends StoredChunk {
  /** Fused reciprocal-rank score (higher is better). */
  score: number;
  /** Cosine similarity from the vector search, when it found the chunk. */
  similarity: number | null;
}

export interface RetrievalOptions {
  topK: number;
  /** Least cosine similarity for a vector hit; lexical hits need none (they share words). */
  minScore: number;
  mode: RetrievalMode;
}

/** Candidates each list contributes before fusion. */
const CANDIDATES = 50;
/** The usual reciprocal-rank-fusion constant: damps the weight of the very first ranks. */
const RRF_K = 60;

/**
 * Hybrid retrieval, always within one project: PostgreSQL full-text ranking and vector
 * similarity, fused with reciprocal-rank fusion (score = Σ 1 / (60 + rank)), best `topK` kept.
 */
export async function retrieve(
  deps: { pool: Pool; index: VectorIndex; embedder: Embedder },
  projectId: string,
  question: string,
  opts: RetrievalOptions,
): Promise<RetrievedChunk[]> {
  const [lexical, vector] = await Promise.all([
    opts.mode === 'vector' ? [] : lexicalSearch(deps.pool, projectId, question, CANDIDATES),
    opts.mode === 'lexical'
      ? []
      : deps.embedder.embed([question]).then(([q]) => deps.index.query(projectId, q!, CANDIDATES)).then((m) => m.filter((x) => x.score >= opts.minScore)),
  ]);
  const fused = new Map<string, { score: number; similarity: number | null }>();
  lexical.forEach((hit, i) => fused.set(hit.id, { score: 1 / (RRF_K + i + 1), similarity: null }));
  vector.forEach((hit, i) => {
    const prior = fused.get(hit.chunkId);
    fused.set(hit.chunkId, { score: (prior?.score ?? 0) + 1 / (RRF_K + i + 1), similarity: hit.score });
  });
  const best = [...fused.entries()].sort((a, b) => b[1].score - a[1].score || a[0].localeCompare(b[0])).slice(0, opts.topK);
  const rows = new Map((await chunksByIds(deps.pool, projectId, best.map(([id]) => id))).map((c) => [c.id, c]));
  // A vector index may briefly hold a chunk that was just replaced; such ids are dropped here.
  return best.flatMap(([id, s]) => {
    const row = rows.get(id);
    return row ? [{ ...row, score: s.score, similarity: s.similarity }] : [];
  });
}
