import { retrieve, type RetrievalMode } from '../../knowledge/retrieve.js';
import { ExactVectorIndex } from '../../knowledge/vectors/exact.js';
import { LocalLexicalEmbedder } from '../../providers/kinds/local/embeddings.js';
import { createProject } from '../../store/projects.js';
import { closeDb, db } from '../stack/context.js';
import { CORPUS, QUESTIONS } from './qa/corpus.js';
import { ingestMarkdown } from './ingestDirect.js';

// Every document twice, under two names: the copies' chunks tie exactly on every score, which
// is where an order by random chunk ids (or by storage order) shows.
const DOCUMENTS = CORPUS.flatMap((d) => [d, { name: `copy-of-${d.name}`, text: d.text }]);

const embedder = new LocalLexicalEmbedder();

/** A project holding `docs`, ingested in the given order. */
async function projectWith(docs: typeof DOCUMENTS, index: ExactVectorIndex): Promise<string> {
  const pool = db();
  const project = await createProject(pool, 'deterministic ranking');
  await ingestMarkdown({ pool, index, embedder }, project.id, docs, { chunkTokens: 120, overlapTokens: 20 });
  return project.id;
}

afterAll(closeDb);

describe('ranking is a function of the documents, not of ids or ingestion order', () => {
  it.each(['hybrid', 'lexical', 'vector'] as RetrievalMode[])('two projects holding the same documents rank every question alike (%s)', async (mode) => {
    const index = new ExactVectorIndex({ sql: db() });
    // The second project gets the documents in reverse order: other ids, other storage order.
    const [a, b] = [await projectWith(DOCUMENTS, index), await projectWith([...DOCUMENTS].reverse(), index)];
    let tiedResults = 0;
    for (const { q } of QUESTIONS) {
      const ranked = async (projectId: string) =>
        (await retrieve({ pool: db(), index, embedder }, projectId, q, { topK: 6, minScore: 0, mode })).map((c) => `${c.document}#${c.chunkIndex} ${c.score.toFixed(6)}`);
      const [first, second] = [await ranked(a), await ranked(b)];
      expect(second).toEqual(first);
      if (new Set(first.map((r) => r.split(' ')[1])).size < first.length) tiedResults++;
    }
    // The copies do tie, so the equality above was about tie-breaking, not luck.
    expect(tiedResults).toBeGreaterThan(QUESTIONS.length / 2);
  });
});
