/**
 * Ingesting many small documents through the management API, side by side: the per-document
 * path (one `POST …/knowledge` and one workflow per document) and bulk ingestion (one
 * `POST …/knowledge/batches`, one workflow, embedding batched across documents). Each run
 * goes into a fresh project and is timed from the first request until every document is
 * ready. Run: `npm run bench:ingest` (BENCH_DOCS, BENCH_RUNS to change the size).
 */
import { Client, Connection } from '@temporalio/client';
import { startTestStack } from '../infra/testStack.js';
import { createPool } from '../store/pool.js';
import { printTable } from './stats.js';
import { askflowDataConverter } from '../codec/dataConverter.js';

const DOCS = Number(process.env.BENCH_DOCS ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

// A deterministic pseudo-random text source, so runs compare.
let seed = 7;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
// Plain English words: the tokenizer (and so the chunker) sees text like a real document's.
const VOCAB = ('the a of to and in is it you that was for on are with as they be at one have this from or had by hot word but what some we can out other ' +
  'were all there when up use your how said an each she which do their time if will way about many then them write would like so these her long make ' +
  'thing see him two has look more day could go come did number sound no most people my over know water than call first who may down side been now ' +
  'find any new work part take get place made live where after back little only round man year came show every good me give our under name very ' +
  'through just form sentence great think say help low line differ turn cause much mean before move right boy old too same tell does set three want ' +
  'air well also play small end put home read hand port large spell add even land here must big high such follow act why ask men change went light').split(' ');
const sentence = (n: number) => Array.from({ length: n }, () => VOCAB[Math.floor(rand() ** 2 * VOCAB.length)]!).join(' ') + '.';
/** A small Markdown document: four sections of ~60 words, a few chunks at 100 tokens. */
const smallDoc = (i: number) => ({
  name: `doc-${i}.md`,
  text: Array.from({ length: 4 }, (_, s) => `## Section ${s}\n\n${sentence(30)} ${sentence(30)}`).join('\n\n'),
});

const t = await startTestStack({ logLevel: 'info' });
const pool = createPool(t.info.databaseUrl, 2);
const base = t.info.baseUrl;

async function call(token: string, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}/manage${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
}

const signup = await fetch(`${base}/manage/signup`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: `bench-${Date.now()}@example.test`, password: 'a long bench password' }),
});
const { token } = (await signup.json()) as { token: string };

async function freshProject(): Promise<string> {
  const { id } = (await call(token, 'POST', '/projects', { name: 'bench ingest', ragEnabled: true })) as { id: string };
  await call(token, 'PATCH', `/projects/${id}`, { chunkTokens: 100, chunkOverlap: 0 });
  return id;
}

/** Waits (polling the database, so the api is not loaded by it) until every document of the project is ready. */
async function allReady(projectId: string, count: number): Promise<number> {
  for (;;) {
    const { rows } = await pool.query<{ ready: number; chunks: number; failed: number }>(
      `SELECT count(*) FILTER (WHERE status = 'ready')::int AS ready, count(*) FILTER (WHERE status = 'failed')::int AS failed, COALESCE(sum(chunks_total), 0)::int AS chunks FROM documents WHERE project_id = $1`,
      [projectId],
    );
    if (rows[0]!.failed) throw new Error(`${rows[0]!.failed} documents failed`);
    if (rows[0]!.ready === count) return rows[0]!.chunks;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Until the batch has finished (its unchanged documents are ready all along). */
async function batchDone(batchId: string): Promise<void> {
  for (;;) {
    const { rows } = await pool.query<{ status: string }>(`SELECT status FROM ingest_batches WHERE id = $1`, [batchId]);
    if (rows[0]!.status === 'failed') throw new Error(`batch ${batchId} failed`);
    if (rows[0]!.status === 'done') return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function perDocument(projectId: string, docs: ReturnType<typeof smallDoc>[]): Promise<void> {
  await Promise.all(docs.map((d) => call(token, 'POST', `/projects/${projectId}/knowledge`, d)));
}

let lastBatchId = '';
async function batch(projectId: string, docs: ReturnType<typeof smallDoc>[]): Promise<void> {
  const { batch: created } = (await call(token, 'POST', `/projects/${projectId}/knowledge/batches`, { documents: docs })) as { batch: { id: string } };
  lastBatchId = created.id;
  await batchDone(created.id);
}

/** With BENCH_TRACE=1: where the last batch run spent its time, step by step (ms from the run's start). */
async function trace(batchId: string): Promise<void> {
  const connection = await Connection.connect({ address: t.info.temporalAddress });
  try {
    const history = await new Client({ connection, namespace: t.info.temporalNamespace, dataConverter: askflowDataConverter({ ASKFLOW_MASTER_KEY: t.info.masterKey }) }).workflow.getHandle(`ingest-batch-${batchId}`).fetchHistory();
    const ms = (e: { eventTime?: { seconds?: unknown; nanos?: number | null } | null }) => Number(e.eventTime?.seconds ?? 0) * 1000 + (e.eventTime?.nanos ?? 0) / 1e6;
    const t0 = ms(history.events![0]!);
    const names = new Map<string, string>();
    const rows = history.events!.flatMap((e) => {
      const scheduled = e.activityTaskScheduledEventAttributes;
      if (scheduled) names.set(String(e.eventId), scheduled.activityType?.name ?? '?');
      const name = scheduled?.activityType?.name ?? names.get(String(e.activityTaskStartedEventAttributes?.scheduledEventId ?? e.activityTaskCompletedEventAttributes?.scheduledEventId ?? ''));
      return [{ event: String(e.eventType), activity: name ?? '', ms: Math.round(ms(e) - t0) }];
    });
    printTable(`Batch run ${batchId}`, rows);
  } finally {
    await connection.close();
  }
}

async function measure(path: (projectId: string, docs: ReturnType<typeof smallDoc>[]) => Promise<void>, projectId?: string) {
  const id = projectId ?? (await freshProject());
  seed = 7; // the same documents every run, so re-ingesting finds them unchanged
  const docs = Array.from({ length: DOCS }, (_, i) => smallDoc(i));
  const started = performance.now();
  await path(id, docs);
  const chunks = await allReady(id, DOCS);
  return { projectId: id, seconds: (performance.now() - started) / 1000, chunks };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  // Warm-up: the worker's first workflow and the first embedding pay one-off costs.
  await measure(perDocument);
  await measure(batch);

  const rows: Record<string, string | number>[] = [];
  const paths: [string, () => Promise<{ projectId: string; seconds: number; chunks: number }>][] = [
    [`per document (${DOCS} POST …/knowledge, ${DOCS} workflows)`, () => measure(perDocument)],
    ['batch (1 POST …/knowledge/batches, 1 workflow)', () => measure(batch)],
  ];
  let lastBatchProject = '';
  for (const [name, run] of paths) {
    const results = [];
    for (let r = 0; r < RUNS; r++) results.push(await run());
    lastBatchProject = results.at(-1)!.projectId;
    const seconds = median(results.map((x) => x.seconds));
    const chunks = results[0]!.chunks;
    rows.push({ path: name, documents: DOCS, chunks, 'median s': seconds.toFixed(2), 'documents/s': Math.round(DOCS / seconds), 'chunks/s': Math.round(chunks / seconds) });
  }
  if (process.env.BENCH_TRACE) await trace(lastBatchId);
  // The same batch again: every document unchanged, nothing parsed into chunks or embedded.
  const again = [];
  for (let r = 0; r < RUNS; r++) again.push(await measure(batch, lastBatchProject));
  const seconds = median(again.map((x) => x.seconds));
  rows.push({ path: 'batch again, all unchanged', documents: DOCS, chunks: 0, 'median s': seconds.toFixed(2), 'documents/s': Math.round(DOCS / seconds), 'chunks/s': '—' });
  printTable(`Ingesting ${DOCS} small Markdown documents (4 sections, 100-token chunks, local embedder, exact index), median of ${RUNS}; 2-core machine`, rows);
} finally {
  await pool.end();
  await t.dispose();
}
