/**
 * Retrieval latency at 10k and 100k chunks (built-in exact index, warm), the paths before and
 * after the in-memory BM25 index and the int8 prefilter side by side in the same run, local
 * embedding throughput, and ingestion throughput through the workflow. Run: `npm run
 * bench:retrieval` (BENCH_SIZES, BENCH_QUERIES; BENCH_PGVECTOR_SIZES adds pgvector on PGlite).
 */
import { Client, Connection } from '@temporalio/client';
import { LocalLexicalEmbedder } from '../providers/kinds/local/embeddings.js';
import { retrieve } from '../knowledge/retrieve.js';
import { ExactVectorIndex } from '../knowledge/vectors/exact.js';
import { prefilterStats } from '../knowledge/vectors/int8.js';
import { LexicalIndex } from '../knowledge/lexicalIndex/index.js';
import type { AnnMethod } from '../knowledge/vectors/pgvector.js';
import { benchPgvector } from './pgvector.js';
import { startTestStack } from '../infra/testStack.js';
import { replaceChunks } from '../store/chunks.js';
import { createDocument, getDocument } from '../store/documents.js';
import { createPool } from '../store/pool.js';
import { createProject } from '../store/projects.js';
import { printTable, summarize } from './stats.js';
import { askflowDataConverter } from '../codec/dataConverter.js';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').filter(Boolean).map(Number);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const PGVECTOR_SIZES = (process.env.BENCH_PGVECTOR_SIZES ?? '').split(',').filter(Boolean).map(Number);
const PGVECTOR_METHODS = (process.env.BENCH_PGVECTOR_METHODS ?? 'ivfflat').split(',').filter(Boolean) as AnnMethod[];

// A deterministic pseudo-random text source, so runs compare.
let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const VOCAB = Array.from({ length: 6000 }, (_, i) => `w${i.toString(36)}${'aeiou'[i % 5]}${'rstln'[i % 5]}`);
const word = () => VOCAB[Math.floor(rand() ** 2 * VOCAB.length)]!;
const sentence = (n: number) => Array.from({ length: n }, word).join(' ') + '.';

if (PGVECTOR_SIZES.length) await benchPgvector(PGVECTOR_SIZES, Math.min(QUERIES, 50), PGVECTOR_METHODS, { sentence, word });
if (!SIZES.length) process.exit(0);

const t = await startTestStack({ logLevel: 'info' });
const pool = createPool(t.info.databaseUrl, 8);
const embedder = new LocalLexicalEmbedder();
const rows: Record<string, string | number>[] = [];
const loads: Record<string, string | number>[] = [];
try {
  for (const size of SIZES) {
    const project = await createProject(pool, `bench-${size}`);
    // Before: BM25 in SQL and the float32 scan in JS. After: the in-memory BM25 index and the int8 prefilter.
    const before = { pool, embedder, index: new ExactVectorIndex({ sql: pool, int8Prefilter: false }) };
    const after = { pool, embedder, index: new ExactVectorIndex({ sql: pool }), lexical: new LexicalIndex({ sql: pool }) };
    let embedMs = 0;
    for (let done = 0; done < size; done += 1000) {
      const doc = await createDocument(pool, { projectId: project.id, name: `doc-${done}`, kind: 'text', sourceUrl: null, content: null, contentHash: null });
      const texts = Array.from({ length: Math.min(1000, size - done) }, () => `${sentence(30)} ${sentence(30)} ${sentence(30)}`);
      const ids = await replaceChunks(pool, project.id, doc.id, texts.map((text, i) => ({ index: i, text, headings: [], tokenCount: 0 })));
      const started = performance.now();
      const vectors = await embedder.embed(texts);
      embedMs += performance.now() - started;
      await after.index.upsert(project.id, ids.map((chunkId, i) => ({ chunkId, documentId: doc.id, vector: vectors[i]! })));
    }
    const questions = Array.from({ length: QUERIES }, () => `${word()} ${word()} ${word()} ${word()} ${word()}?`);
    // Cold loads, timed once: the vectors (both caches) and the postings.
    const warmVector = (await embedder.embed(['warm up']))[0]!;
    let s = performance.now();
    await before.index.query(project.id, warmVector, 5);
    const floatLoadMs = performance.now() - s;
    s = performance.now();
    await after.index.query(project.id, warmVector, 5);
    const int8LoadMs = performance.now() - s;
    s = performance.now();
    await after.lexical.search(project.id, [{ text: 'warm up', weight: 1 }], 5, { k1: 1.2, b: 0.5, commonShare: 0.25 });
    loads.push({ chunks: size, 'vectors load ms (float32)': floatLoadMs.toFixed(0), 'vectors load ms (float32 + int8 copy)': int8LoadMs.toFixed(0), 'postings load ms': (performance.now() - s).toFixed(0), 'postings MB (estimate)': (after.lexical.cachedBytes() / 1e6).toFixed(0) });
    const ms = { vectorBefore: [] as number[], vectorAfter: [] as number[], hybridBefore: [] as number[], hybridAfter: [] as number[], chunkListsAfter: [] as number[] };
    let same = 0;
    const stats = { ...prefilterStats };
    const options = { topK: 5, minScore: 0.15, mode: 'hybrid' } as const;
    // Alternating before and after per question, so a busy moment of the machine hits both alike.
    for (const q of questions) {
      const qv = (await embedder.embed([q]))[0]!;
      s = performance.now();
      await before.index.query(project.id, qv, 51);
      ms.vectorBefore.push(performance.now() - s);
      s = performance.now();
      await after.index.query(project.id, qv, 51);
      ms.vectorAfter.push(performance.now() - s);
      s = performance.now();
      const old = await retrieve(before, project.id, q, options);
      ms.hybridBefore.push(performance.now() - s);
      s = performance.now();
      const now = await retrieve(after, project.id, q, options);
      ms.hybridAfter.push(performance.now() - s);
      if (JSON.stringify(old.map((c) => [c.id, c.score])) === JSON.stringify(now.map((c) => [c.id, c.score]))) same++;
      s = performance.now();
      await retrieve(after, project.id, q, { ...options, fusion: { documentWeight: 0 } });
      ms.chunkListsAfter.push(performance.now() - s);
    }
    const [vb, va, hb, ha, c] = [summarize(ms.vectorBefore), summarize(ms.vectorAfter), summarize(ms.hybridBefore), summarize(ms.hybridAfter), summarize(ms.chunkListsAfter)];
    const pair = (b: number, a: number) => `${b.toFixed(1)} → ${a.toFixed(1)}`;
    rows.push({
      chunks: size,
      'hybrid top-5 p50 ms': pair(hb.p50, ha.p50),
      'p50 ratio': (hb.p50 / ha.p50).toFixed(1),
      'hybrid p99 ms': pair(hb.p99, ha.p99),
      'p99 ratio': (hb.p99 / ha.p99).toFixed(1),
      'exact top-51 p50 / p99 ms': `${pair(vb.p50, va.p50)} / ${pair(vb.p99, va.p99)}`,
      'same top-5': `${same}/${questions.length}`,
      'int8 widened / full scans': `${prefilterStats.widened - stats.widened} / ${prefilterStats.fullScans - stats.fullScans}`,
      'after, without document list p50 / p99 ms': `${c.p50.toFixed(1)} / ${c.p99.toFixed(1)}`,
      'local embed chunks/s': Math.round(size / (embedMs / 1000)),
    });
  }
  printTable(
    `Retrieval before → after (before: BM25 in SQL + float32 scan in JS; after: in-memory BM25 + int8 SIMD prefilter rescored exactly) — ~90-word chunks, 256-dim local lexical vectors, ${QUERIES} queries, warm caches; 2-core machine`,
    rows,
  );
  printTable('Cold loads (once per project and process, then revalidated per query)', loads);

  // Ingestion end to end: one large text document through ingestDocumentWorkflow.
  const project = await createProject(pool, 'bench-ingest');
  const text = Array.from({ length: 2000 }, () => `${sentence(40)}\n\n${sentence(40)}\n\n`).join('');
  const doc = await createDocument(pool, { projectId: project.id, name: 'big.txt', kind: 'text', sourceUrl: null, content: Buffer.from(text), contentHash: null });
  const connection = await Connection.connect({ address: t.info.temporalAddress });
  const temporal = new Client({ connection, namespace: t.info.temporalNamespace, dataConverter: askflowDataConverter({ ASKFLOW_MASTER_KEY: t.info.masterKey }) });
  const started = performance.now();
  await temporal.workflow.execute('ingestDocumentWorkflow', { taskQueue: t.info.taskQueue, workflowId: `bench-ingest-${doc.id}`, args: [doc.id, false] });
  const seconds = (performance.now() - started) / 1000;
  const chunks = (await pool.query<{ n: number }>(`SELECT chunks_total AS n FROM documents WHERE id = $1`, [doc.id])).rows[0]!.n;
  await connection.close();
  printTable('Ingestion through the workflow (parse → chunk 300 tokens → local embed → exact index)', [
    { document: `${(text.length / 1e6).toFixed(1)} MB text`, chunks, seconds: seconds.toFixed(2), 'chunks/s': Math.round(chunks / seconds), status: (await getDocument(pool, doc.id))!.status },
  ]);
} finally {
  await pool.end();
  await t.dispose();
}
