/**
 * Time to first `delta` through Askflow against the model's own first token. The model is the
 * local chat-completions test server with a fixed first-token delay, streamed directly with the
 * `openai` package for the baseline. Run: `npm run bench:ttft`. `BENCH_CONCURRENCY=16` also runs
 * that many streamed asks at once (`BENCH_RUNS` of them in all), each first delta measured from
 * its own model request's first token. `BENCH_TOKENS` (default 20) tokens `BENCH_TOKEN_MS`
 * (default 10) ms apart: a longer answer, as real models stream them, costs more signals.
 */
import OpenAI from 'openai';
import { startChatCompletionsServer } from '../test/fakes/chatCompletionsServer.js';
import { createPool } from '../store/pool.js';
import { startTestStack } from '../infra/testStack.js';
import { askStreamed, benchProject, tokens, type BenchProject } from './askflow.js';
import { printTable, summarize } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const FIRST_TOKEN_MS = 200;
const CHUNKS = tokens(Number(process.env.BENCH_TOKENS ?? 20));
const TOKEN_MS = Number(process.env.BENCH_TOKEN_MS ?? 10);

const llm = await startChatCompletionsServer();
const behaviour = () => llm.script({ chunks: CHUNKS, firstTokenDelayMs: FIRST_TOKEN_MS, tokenIntervalMs: TOKEN_MS });

/** The baseline: the model's own first token, streamed straight from it. */
async function directFirstToken(openai: OpenAI): Promise<number> {
  behaviour();
  const started = performance.now();
  const stream = await openai.chat.completions.create({ model: 'bench', messages: [{ role: 'user', content: 'hi' }], stream: true });
  let first = NaN;
  for await (const chunk of stream) if (Number.isNaN(first) && chunk.choices[0]?.delta.content) first = performance.now() - started;
  return first;
}

let asked = 0;
/** Askflow's first `delta` and its `done`, as an SSE client sees them, from the request and after the model's first token. */
async function askflowFirstDelta(project: BenchProject): Promise<{ first: number; done: number; afterModel: number }> {
  behaviour();
  // A message of its own finds this ask's request among others under way at once.
  const message = `hi ${asked++}`;
  const started = performance.now();
  const { firstDeltaAt, doneAt } = await askStreamed(project, message);
  // The model server runs in this process: its first token's send time is on the same clock.
  const request = llm.requests.findLast((r) => r.body?.messages.some((m) => typeof m.content === 'string' && m.content.includes(message)));
  return { first: firstDeltaAt - started, done: doneAt - started, afterModel: firstDeltaAt - (request?.firstContentAt ?? NaN) };
}

/** `RUNS` streamed asks, `CONCURRENCY` at a time: their first deltas after the model's, and streams per second. */
async function concurrently(project: BenchProject): Promise<{ afterModel: number[]; perSecond: number }> {
  const afterModel: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next++ < RUNS) afterModel.push((await askflowFirstDelta(project)).afterModel);
  }));
  return { afterModel, perSecond: RUNS / ((performance.now() - started) / 1000) };
}

const t = await startTestStack({ logLevel: 'info' });
const pool = createPool(t.info.databaseUrl, 2);
try {
  const project = await benchProject(pool, t.info.baseUrl, 'bench-ttft', { baseUrl: llm.baseUrl, apiKey: llm.apiKey, masterKey: t.info.masterKey });
  const openai = new OpenAI({ baseURL: llm.baseUrl, apiKey: llm.apiKey, maxRetries: 0 });

  for (let i = 0; i < 5; i++) await askflowFirstDelta(project);
  const direct: number[] = [];
  const viaAskflow: number[] = [];
  const doneAt: number[] = [];
  const afterModel: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    direct.push(await directFirstToken(openai));
    const r = await askflowFirstDelta(project);
    viaAskflow.push(r.first);
    doneAt.push(r.done);
    afterModel.push(r.afterModel);
  }
  const baseline = summarize(direct).p50;
  const added = summarize(viaAskflow.map((ms) => ms - baseline));
  const row = (what: string, s: ReturnType<typeof summarize>) => ({ what, runs: s.n, 'p50 ms': s.p50.toFixed(1), 'p90 ms': s.p90.toFixed(1), 'p99 ms': s.p99.toFixed(1) });
  printTable(`Streamed ask, model first token after ${FIRST_TOKEN_MS} ms, ${CHUNKS.length} tokens ${TOKEN_MS} ms apart (2-core machine, all local)`, [
    row("model's own first token (direct)", summarize(direct)),
    row('first delta through Askflow', summarize(viaAskflow)),
    row("first delta after the model's first token", summarize(afterModel)),
    row('added by Askflow (first delta − direct p50)', added),
    row('done through Askflow', summarize(doneAt)),
  ]);
  if (CONCURRENCY > 1) {
    const { afterModel: atOnce, perSecond } = await concurrently(project);
    printTable(`The same, ${CONCURRENCY} streamed asks at once (${perSecond.toFixed(1)} asks/s)`, [row("first delta after the model's first token", summarize(atOnce))]);
  }
} finally {
  await pool.end();
  await t.dispose();
  await llm.close();
}
