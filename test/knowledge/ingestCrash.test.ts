import { createApiKey } from '../../store/apiKeys.js';
import { createBatch } from '../../store/batches.js';
import { embeddingCalls } from '../../workflows/ingestBatch.js';
import { contentHash, createDocument } from '../../store/documents.js';
import { createProject, updateProject } from '../../store/projects.js';
import { upsertProvider } from '../../store/providers.js';
import { parseMasterKey } from '../../store/secrets.js';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { closeDb, db, stackInfo, temporalClient } from '../stack/context.js';
import { startReplica, type Replica } from '../stack/replicas.js';

let llm: ChatCompletionsServer;
const workers: Replica[] = [];

beforeAll(async () => {
  llm = await startChatCompletionsServer({ embeddingDimensions: 16 });
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await llm.close();
  await closeDb();
});

describe('ingestion survives a worker crash', () => {
  it('a worker killed part-way: another worker resumes at the batch it was on, and the document completes once', async () => {
    // A worker of its own, on a queue of its own: killing it leaves the stack's worker alone.
    const taskQueue = `ingest-crash-${process.pid}`;
    workers.push(await startReplica('worker', { TEMPORAL_TASK_QUEUE: taskQueue }));

    const pool = db();
    const project = await createProject(pool, 'crash test');
    await createApiKey(pool, project.id, 'test');
    await upsertProvider(pool, project.id, 'emb', llm.baseUrl, llm.apiKey, parseMasterKey(stackInfo().masterKey));
    await updateProject(pool, project.id, { embeddingModel: 'emb:slow-embed', chunkTokens: 60, chunkOverlap: 0 });
    const text = Array.from({ length: 1400 }, (_, i) => `Paragraph ${i} tells of item ${i} and its careful handling in the warehouse.`).join('\n\n');
    const doc = await createDocument(pool, { projectId: project.id, name: 'big.txt', kind: 'text', sourceUrl: null, content: Buffer.from(text), contentHash: null });
    // Every embedding request is slow, so the run is mid-way when the worker dies.
    llm.script(...Array.from({ length: 40 }, () => ({ delayMs: 400 })));

    const { client, close } = await temporalClient();
    try {
      const handle = await client.workflow.start('ingestDocumentWorkflow', { taskQueue, workflowId: `ingest-crash-${doc.id}`, args: [doc.id, false] });
      let embedded = 0;
      for (let i = 0; i < 200 && embedded === 0; i++) {
        embedded = (await pool.query<{ n: number }>(`SELECT chunks_embedded AS n FROM documents WHERE id = $1`, [doc.id])).rows[0]!.n;
        await new Promise((r) => setTimeout(r, 50));
      }
      const { rows } = await pool.query<{ total: number; embedded: number }>(`SELECT chunks_total AS total, chunks_embedded AS embedded FROM documents WHERE id = $1`, [doc.id]);
      expect(rows[0]!.embedded).toBeGreaterThan(0);
      expect(rows[0]!.embedded).toBeLessThan(rows[0]!.total);

      await workers[0]!.kill();
      workers.push(await startReplica('worker', { TEMPORAL_TASK_QUEUE: taskQueue }));
      const result = await handle.result();
      expect(result).toMatchObject({ stage: 'ready', chunksTotal: rows[0]!.total, chunksEmbedded: rows[0]!.total });
      const after = await pool.query<{ status: string; vectors: number }>(
        `SELECT d.status, (SELECT count(*)::int FROM chunk_vectors v WHERE v.document_id = d.id) AS vectors FROM documents d WHERE d.id = $1`,
        [doc.id],
      );
      expect(after.rows[0]).toEqual({ status: 'ready', vectors: rows[0]!.total });
      // Resumed, not restarted: batches already embedded were not embedded again.
      const batches = Math.ceil(rows[0]!.total / 256);
      expect(llm.requests.filter((r) => r.embeddings).length).toBeLessThanOrEqual(batches + 1);
    } finally {
      await close();
    }
  }, 120_000);
  it('a worker killed mid-batch: another resumes at the embedding call it was on, and every document completes once', async () => {
    const taskQueue = `ingest-batch-crash-${process.pid}`;
    const first = await startReplica('worker', { TEMPORAL_TASK_QUEUE: taskQueue });
    workers.push(first);

    const pool = db();
    const project = await createProject(pool, 'batch crash test');
    await upsertProvider(pool, project.id, 'emb', llm.baseUrl, llm.apiKey, parseMasterKey(stackInfo().masterKey));
    await updateProject(pool, project.id, { embeddingModel: 'emb:slow-embed', chunkTokens: 60, chunkOverlap: 0 });
    // Many more embedding calls than run at once, so the kill finds some done and some not.
    const entries = Array.from({ length: 600 }, (_, d) => {
      const content = Buffer.from(Array.from({ length: 5 }, (_, i) => `Document ${d} paragraph ${i} tells of item ${i} and its careful handling in the warehouse, shelf by shelf.`).join('\n\n'));
      return { existingId: null, name: `doc-${d}.txt`, kind: 'text' as const, sourceUrl: null, content, contentHash: contentHash(content) };
    });
    const { batchId, documentIds } = await createBatch(pool, project.id, entries);
    llm.reset();
    llm.script(...Array.from({ length: 60 }, () => ({ delayMs: 400 })));

    const embedded = async () => (await pool.query<{ total: number; embedded: number }>(
      `SELECT sum(chunks_total)::int AS total, sum(chunks_embedded)::int AS embedded FROM documents WHERE id = ANY($1::uuid[])`, [documentIds],
    )).rows[0]!;
    const { client, close } = await temporalClient();
    try {
      const handle = await client.workflow.start('ingestBatchWorkflow', { taskQueue, workflowId: `ingest-batch-crash-${batchId}`, args: [{ batchId, documents: entries.length }] });
      let mid = { total: 0, embedded: 0 };
      for (let i = 0; i < 200 && mid.embedded === 0; i++) {
        mid = await embedded();
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(mid.embedded).toBeGreaterThan(0);
      expect(mid.embedded).toBeLessThan(mid.total);

      await first.kill();
      workers.push(await startReplica('worker', { TEMPORAL_TASK_QUEUE: taskQueue }));
      const result = await handle.result();
      expect(result).toMatchObject({ stage: 'done', documentsTotal: 600, chunksTotal: mid.total, chunksEmbedded: mid.total });
      const after = await pool.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM documents WHERE id = ANY($1::uuid[]) GROUP BY status`, [documentIds]);
      expect(after.rows).toEqual([{ status: 'ready', n: 600 }]);
      const vectors = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM chunk_vectors WHERE project_id = $1`, [project.id]);
      expect(vectors.rows[0]!.n).toBe(mid.total);
      // Resumed, not restarted: calls already done were not made again; only those in flight (at most 4) were.
      const counts = await pool.query<{ n: number }>(
        `SELECT d.chunks_total AS n FROM ingest_batch_documents bd JOIN documents d ON d.id = bd.document_id WHERE bd.batch_id = $1 ORDER BY bd.position`, [batchId],
      );
      const calls = embeddingCalls(counts.rows.map((r, i) => ({ documentId: String(i), chunkCount: r.n })), 256).length;
      expect(calls).toBeGreaterThan(4);
      expect(llm.requests.filter((r) => r.embeddings).length).toBeLessThanOrEqual(calls + 4);
    } finally {
      await close();
    }
  }, 120_000);
});
