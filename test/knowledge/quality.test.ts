import { LocalLexicalEmbedder } from '../../providers/kinds/local/embeddings.js';
import { retrieve, type RetrievalMode } from '../../knowledge/retrieve.js';
import { ExactVectorIndex } from '../../knowledge/vectors/exact.js';
import { createProject } from '../../store/projects.js';
import { closeDb, db } from '../stack/context.js';
import { CORPUS, QUESTIONS } from './qa/corpus.js';
import { ingestMarkdown } from './ingestDirect.js';

/** Rank (1-based) of the expected document among the results, or null when absent. */
type Ranks = (number | null)[];

const recallAt = (ranks: Ranks, k: number) => ranks.filter((r) => r !== null && r <= k).length / ranks.length;
const mrr = (ranks: Ranks) => ranks.reduce<number>((sum, r) => sum + (r ? 1 / r : 0), 0) / ranks.length;

const ranks: Record<RetrievalMode, Ranks> = { lexical: [], vector: [], hybrid: [] };

beforeAll(async () => {
  const pool = db();
  const project = await createProject(pool, 'retrieval quality');
  const embedder = new LocalLexicalEmbedder();
  const index = new ExactVectorIndex({ sql: pool });
  await ingestMarkdown({ pool, index, embedder }, project.id, CORPUS, { chunkTokens: 120, overlapTokens: 20 });
  for (const mode of ['lexical', 'vector', 'hybrid'] as const) {
    for (const { q, doc } of QUESTIONS) {
      const found = await retrieve({ pool, index, embedder }, project.id, q, { topK: 10, minScore: 0, mode });
      const at = found.findIndex((c) => c.document === doc);
      ranks[mode].push(at === -1 ? null : at + 1);
    }
  }
  console.log(
    `Retrieval quality over ${QUESTIONS.length} labelled questions, ${CORPUS.length} documents (local lexical embedder, exact index)\n` +
      (['lexical', 'vector', 'hybrid'] as const)
        .map((m) => `  ${m.padEnd(8)} recall@5 ${recallAt(ranks[m], 5).toFixed(3)}  MRR ${mrr(ranks[m]).toFixed(3)}`)
        .join('\n'),
  );
});
afterAll(closeDb);

describe('retrieval quality (labelled question set)', () => {
  it('hybrid retrieval finds the right document in the top 5 for nearly every question', () => {
    expect(recallAt(ranks.hybrid, 5)).toBeGreaterThanOrEqual(0.9);
    expect(mrr(ranks.hybrid)).toBeGreaterThanOrEqual(0.75);
  });

  it('fusing both lists is at least as good as the better single list at recall@5', () => {
    expect(recallAt(ranks.hybrid, 5)).toBeGreaterThanOrEqual(Math.max(recallAt(ranks.lexical, 5), recallAt(ranks.vector, 5)));
  });
});
