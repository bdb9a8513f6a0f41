/**
 * What the retrieval thesaurus (text/synonyms.ts) costs on a large project of real words: Git's
 * manual (the evaluation corpus) copied until it holds about 100k chunks, and hybrid top-5
 * retrieval for the evaluation's questions with the thesaurus off and on, alternating per
 * question in the same run. Run: `npm run bench:thesaurus` (BENCH_COPIES, default 40: 94,640 chunks).
 */
import { chunkDocument, chunkSearchText } from '../knowledge/chunk.js';
import { parseDocument } from '../knowledge/parse.js';
import { retrieve } from '../knowledge/retrieve.js';
import { ExactVectorIndex } from '../knowledge/vectors/exact.js';
import { LexicalIndex } from '../knowledge/lexicalIndex/index.js';
import { LocalLexicalEmbedder } from '../providers/kinds/local/embeddings.js';
import { startTestStack } from '../infra/testStack.js';
import { replaceChunks } from '../store/chunks.js';
import { createDocument } from '../store/documents.js';
import { createPool } from '../store/pool.js';
import { createProject } from '../store/projects.js';
import { ensureCorpus, labelledSet, readPage, selectedCorpus } from '../eval/corpus.js';
import { RETRIEVAL_SETS } from '../eval/sets/retrievalSets.js';
import { printTable, summarize } from './stats.js';

const COPIES = Number(process.env.BENCH_COPIES ?? 40);
const ROUNDS = 3;
const corpus = selectedCorpus();
ensureCorpus(corpus);
const t = await startTestStack();
const pool = createPool(t.info.databaseUrl, 4);
try {
  const embedder = new LocalLexicalEmbedder();
  const deps = { pool, embedder, index: new ExactVectorIndex({ sql: pool }), lexical: new LexicalIndex({ sql: pool }) };
  const project = await createProject(pool, 'bench-thesaurus');
  const pages = [];
  for (const page of corpus.pages) {
    const parts = chunkDocument(await parseDocument('html', Buffer.from(readPage(corpus, page)), `${page}.html`), { chunkTokens: 300, overlapTokens: 40 });
    pages.push({ page, parts, vectors: await embedder.embed(parts.map(chunkSearchText)) });
  }
  let chunks = 0;
  for (let copy = 0; copy < COPIES; copy++) {
    for (const { page, parts, vectors } of pages) {
      const doc = await createDocument(pool, { projectId: project.id, name: `${copy}-${page}.html`, kind: 'html', sourceUrl: null, content: null, contentHash: null });
      const ids = await replaceChunks(pool, project.id, doc.id, parts);
      await deps.index.upsert(project.id, ids.map((chunkId, i) => ({ chunkId, documentId: doc.id, vector: vectors[i]! })));
      chunks += ids.length;
    }
  }
  const options = { topK: 5, minScore: 0, mode: 'hybrid' } as const;
  // Loads the vectors and postings once, outside the timings.
  await retrieve(deps, project.id, 'warm up', options);
  const ms = { off: [] as number[], on: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const { q } of labelledSet(corpus, 'EVAL_QUESTIONS', RETRIEVAL_SETS)) {
      for (const [key, synonymWeight] of [['off', 0], ['on', 0.2]] as const) {
        const started = performance.now();
        await retrieve(deps, project.id, q, { ...options, fusion: { synonymWeight } });
        ms[key].push(performance.now() - started);
      }
    }
  }
  const [off, on] = [summarize(ms.off), summarize(ms.on)];
  printTable(`Hybrid top-5 with the thesaurus off and on — ${corpus.title} × ${COPIES} (${chunks} chunks), ${ms.on.length} queries each, alternating; 2-core machine`, [
    { measure: 'p50 ms', off: off.p50.toFixed(1), on: on.p50.toFixed(1), 'on / off': (on.p50 / off.p50).toFixed(2) },
    { measure: 'p99 ms', off: off.p99.toFixed(1), on: on.p99.toFixed(1), 'on / off': (on.p99 / off.p99).toFixed(2) },
  ]);
} finally {
  await pool.end();
  await t.dispose();
}
