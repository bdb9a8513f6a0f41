/**
 * The evaluation you can rerun: `npm run eval`. Starts the stack as the tests do, makes a
 * project through the management API (RAG and tools on, ragTopK 5, the offline `local` model
 * and embeddings), adds the two tools (served locally), ingests 100 pages of a corpus
 * (eval/corpus.ts), asks every labelled prompt through `POST /service/ask` and prints intent
 * accuracy with its confusion matrix, and recall@5, MRR and the key-term rate, each for the
 * tuning and the held-out halves. Per-question results go to .askflow/eval/<corpus>/results.json.
 * EVAL_CORPUS picks the corpus (`git`, the default, `sqlite`, `python` or `pgpool`); EVAL_PAGES=all
 * ingests every page its package ships instead of the 100.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AskResponseSchema, type AskResponse } from '@askflow/contract';
import { STATE_DIR } from '../infra/paths.js';
import { startTestStack } from '../infra/testStack.js';
import { evaluationCorpus, labelledSet, readPage } from './corpus.js';
import { confusionRows, intentRows, retrievalRows, type IntentOutcome, type RetrievalOutcome } from './metrics.js';
import { EVERYDAY_PROMPTS } from './sets/everyday.js';
import { INTENT_SET, type IntentPrompt } from './sets/intent.js';
import { SQLITE_INTENT_SET } from './sets/intentSqlite.js';
import { PYTHON_INTENT_SET } from './sets/intentPython.js';
import { PGPOOL_INTENT_SET } from './sets/intentPgpool.js';
import { RETRIEVAL_SETS } from './sets/retrievalSets.js';
import type { LabelledQuestion } from './sets/retrieval.js';
import { startToolServer, toolDefinitions } from './toolServer.js';

const CONCURRENCY = 4;

function table(title: string, rows: Record<string, string | number>[]): void {
  console.log(`\n${title}`);
  console.table(rows);
}

async function expectJson<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Runs `work` over `items`, `CONCURRENCY` at a time, keeping results in input order. */
async function pooled<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!);
      }
    }),
  );
  return out;
}

// EVAL_CORPUS: `git` (default), `sqlite`, `python` or `pgpool`; each has its own intent prompts (their `rag` ones
// ask about that corpus) and retrieval questions.
// EVAL_PAGES=all: the same prompts over every page of the manual, not the 100 chosen.
const corpus = evaluationCorpus();
// EVAL_QUESTIONS / EVAL_INTENTS: JSON files of questions or intent prompts over the corpus to ask instead of its sets.
const RETRIEVAL_SET = labelledSet<LabelledQuestion>(corpus, 'EVAL_QUESTIONS', RETRIEVAL_SETS);
const INTENTS = labelledSet<IntentPrompt & { split: string }>(corpus, 'EVAL_INTENTS', { git: INTENT_SET, sqlite: SQLITE_INTENT_SET, python: PYTHON_INTENT_SET, pgpool: PGPOOL_INTENT_SET });
const started = performance.now();
const tools = await startToolServer();
const t = await startTestStack();
try {
  const base = t.info.baseUrl;
  const call = (method: string, path: string, token: string | null, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });

  const { token } = await expectJson<{ token: string }>(await call('POST', '/manage/signup', null, { email: `eval-${process.pid}@example.test`, password: 'evaluation password' }), 201);
  const project = await expectJson<{ id: string; chatModel: string; embeddingModel: string }>(
    await call('POST', '/manage/projects', token, { name: `eval: ${corpus.name}`, ragEnabled: true, toolsEnabled: true, ragTopK: 5, rateLimitPerMinute: 1_000_000, keyRateLimitPerMinute: 1_000_000 }),
    201,
  );
  const { key } = await expectJson<{ key: string }>(await call('POST', `/manage/projects/${project.id}/keys`, token, { mode: 'test' }), 201);
  for (const tool of toolDefinitions(tools.baseUrl)) await expectJson(await call('POST', `/manage/projects/${project.id}/tools`, token, tool), 201);

  // Ingestion: every page uploaded, then waited for.
  const ingestStarted = performance.now();
  for (const page of corpus.pages) {
    await expectJson(await call('POST', `/manage/projects/${project.id}/knowledge`, token, { name: `${page}.html`, text: readPage(corpus, page) }), 202);
  }
  let docs: { name: string; status: string; chunksTotal: number }[] = [];
  for (;;) {
    docs = (await expectJson<{ documents: typeof docs }>(await call('GET', `/manage/projects/${project.id}/knowledge`, token), 200)).documents;
    if (docs.length >= corpus.pages.length && docs.every((d) => d.status === 'ready' || d.status === 'failed')) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const ingestSeconds = (performance.now() - ingestStarted) / 1000;
  const chunks = docs.reduce((s, d) => s + d.chunksTotal, 0);
  const failed = docs.filter((d) => d.status === 'failed').map((d) => d.name);
  if (failed.length) console.warn(`[eval] ${failed.length} page(s) failed to ingest: ${failed.join(', ')}`);

  const ask = async (message: string): Promise<AskResponse | { error: string }> => {
    const res = await fetch(`${base}/service/ask`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
      body: JSON.stringify({ tenantId: project.id, message }),
    });
    const text = await res.text();
    if (res.status !== 200) return { error: `${res.status} ${text}` };
    return AskResponseSchema.parse(JSON.parse(text));
  };

  const intentAnswers = await pooled(INTENTS, (p) => ask(p.message));
  const intents: IntentOutcome[] = INTENTS.map((p, i) => {
    const a = intentAnswers[i]!;
    const ok = !('error' in a);
    return {
      expected: p.intent,
      got: ok ? a.intent : 'error',
      split: p.split,
      toolRight: p.tool ? ok && a.toolUsed === p.tool : null,
      chunks: ok ? a.ragChunksUsed : 0,
    };
  });

  const everydayAnswers = await pooled(EVERYDAY_PROMPTS, ask);
  const searchedEveryday = EVERYDAY_PROMPTS.filter((_, i) => {
    const a = everydayAnswers[i]!;
    return 'error' in a || a.intent !== 'vanilla' || a.ragChunksUsed > 0;
  });

  const retrievalAnswers = await pooled(RETRIEVAL_SET, (q) => ask(q.q));
  const retrieval: RetrievalOutcome[] = RETRIEVAL_SET.map((q, i) => {
    const a = retrievalAnswers[i]!;
    if ('error' in a) return { kind: q.kind, split: q.split, rank: null, termInAnswer: false };
    const at = (a.sources ?? []).findIndex((s) => q.pages.includes(s.document.replace(/\.html$/, '')));
    return { kind: q.kind, split: q.split, rank: at === -1 ? null : at + 1, termInAnswer: a.answer.toLowerCase().includes(q.term.toLowerCase()) };
  });

  const outDir = join(STATE_DIR, 'eval', corpus.name);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    join(outDir, 'results.json'),
    JSON.stringify(
      {
        intents: INTENTS.map((p, i) => ({ ...p, answer: intentAnswers[i] })),
        everyday: EVERYDAY_PROMPTS.map((message, i) => ({ message, answer: everydayAnswers[i] })),
        retrieval: RETRIEVAL_SET.map((q, i) => ({ ...q, rank: retrieval[i]!.rank, termInAnswer: retrieval[i]!.termInAnswer, answer: retrievalAnswers[i] })),
      },
      null,
      1,
    ),
  );

  console.log(
    `\nAskflow evaluation — corpus: ${docs.length} pages of ${corpus.title}, ${chunks} chunks, ingested in ${ingestSeconds.toFixed(1)} s` +
      ` (${Math.round(chunks / ingestSeconds)} chunks/s); model ${project.chatModel}, embeddings ${project.embeddingModel}, ragTopK 5`,
  );
  if (intents.length) {
    table(`Intent (${intents.length} labelled prompts)`, intentRows(intents));
    table('Intent confusion (rows: expected, columns: reported)', confusionRows(intents));
    const wrong = INTENTS.map((p, i) => ({ p, o: intents[i]! })).filter(({ o }) => o.got !== o.expected || o.toolRight === false);
    if (wrong.length) console.log(`Wrong: ${wrong.map(({ p, o }) => `${JSON.stringify(p.message)} (${p.intent} → ${o.got})`).join(', ')}`);
  }
  console.log(
    `\nEveryday prompts answered without searching (vanilla, no chunks): ${EVERYDAY_PROMPTS.length - searchedEveryday.length}/${EVERYDAY_PROMPTS.length}` +
      (searchedEveryday.length ? `; not: ${searchedEveryday.map((m) => JSON.stringify(m)).join(', ')}` : ''),
  );
  table(`Retrieval through the ask (${RETRIEVAL_SET.length} labelled questions; rank of the first source from an expected page)`, retrievalRows(retrieval));
  console.log(`\nPer-question results: ${join(outDir, 'results.json')}; total ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await t.dispose();
  await tools.close();
}
