/**
 * Retrieval latency at 10k and 100k chunks (built-in exact index, warm), local embedding
 * throughput, and ingestion throughput through the workflow. Run: `npm run bench:retrieval`.
 */
import { Client, Connection } from '@temporalio/client';
import { LocalLexicalEmbedder } from '../providers/kinds/local/embeddings.js';
import { retrieve } from '../knowledge/retrieve.js';
import { ExactVectorIndex } from '../knowledge/vectors/exact.js';
import { startTestStack } from '../infra/testStack.js';
import { replaceChunks } from '../store/chunks.js';
import { createDocument, getDocument } from '../store/documents.js';
import { createPool } from '../store/pool.js';
import { createProject } from '../store/projects.js';
import { printTable, summarize } from './stats.js';
import { askflowDataConverter } from '../codec/dataConverter.js';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);

// A deterministic pseudo-random text source, so runs compare.
let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const VOCAB = Array.from({ length: 6000 }, (_, i) => `w${i.toString(36)}${'aeiou'[i % 5]}${'rstln'[i % 5]}`);
const word = () => VOCAB[Math.floor(rand() ** 2 * VOCAB.length)]!;
const sentence = (n: number) => Array.from({ length: n }, word).join(' ') + '.';

const t = await startTestStack({ logLevel: 'info' });
const pool = createPool(t.info.databaseUrl, 8);
const embedder = new LocalLexicalEmbedder();
const rows: Record<string, string | number>[] = [];
try {
  for (const size of SIZES) {
    const project = await createProject(pool, `bench-${size}`);
    const index = new ExactVectorIndex({ sql: pool });
    let embedMs = 0;
    for (let done = 0; done < size; done += 1000) {
      const doc = await createDocument(pool, { projectId: project.id, name: `doc-${done}`, kind: 'text', sourceUrl: null, content: null, contentHash: null });
      const texts = Array.from({ length: Math.min(1000, size - done) }, () => `${sentence(30)} ${sentence(30)} ${sentence(30)}`);
      const ids = await replaceChunks(pool, project.id, doc.id, texts.map((text, i) => ({ index: i, text, headings: [], tokenCount: 0 })));
      const started = performance.now();
      const vectors = await embedder.embed(texts);
      embedMs += performance.now() - started;
      await index.upsert(project.id, ids.map((chunkId, i) => ({ chunkId, documentId: doc.id, vector: vectors[i]! })));
    }
    const questions = Array.from({ length: QUERIES }, () => `${word()} ${word()} ${word()} ${word()} ${word()}?`);
    await index.query(project.id, (await embedder.embed(['warm up']))[0]!, 5); // load the cache once
    const vectorMs: number[] = [];
    const hybridMs: number[] = [];
    // The same retrieval without the document list (documentWeight 0), alternating with it, as its baseline.
    const chunkListsMs: number[] = [];
    for (const q of questions) {
      const qv = (await embedder.embed([q]))[0]!;
      let s = performance.now();
      await index.query(project.id, qv, 50);
      vectorMs.push(performance.now() - s);
      s = performance.now();
      await retrieve({ pool, index, embedder }, project.id, q, { topK: 5, minScore: 0.15, mode: 'hybrid' });
      hybridMs.push(performance.now() - s);
      s = performance.now();
      await retrieve({ pool, index, embedder }, project.id, q, { topK: 5, minScore: 0.15, mode: 'hybrid', fusion: { documentWeight: 0 } });
      chunkListsMs.push(performance.now() - s);
    }
    const v = summarize(vectorMs);
    const h = summarize(hybridMs);
    const c = summarize(chunkListsMs);
    rows.push({
      chunks: size,
      'exact top-50 p50 ms': v.p50.toFixed(1),
      'exact p99 ms': v.p99.toFixed(1),
      'hybrid top-5 p50 ms': h.p50.toFixed(1),
      'hybrid p99 ms': h.p99.toFixed(1),
      'without document list p50 / p99 ms': `${c.p50.toFixed(1)} / ${c.p99.toFixed(1)}`,
      'p50 ratio': (h.p50 / c.p50).toFixed(2),
      'local embed chunks/s': Math.round(size / (embedMs / 1000)),
    });
  }
  printTable(`Retrieval (~90-word chunks, 256-dim local lexical vectors, ${QUERIES} queries, warm cache; 2-core machine)`, rows);

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
