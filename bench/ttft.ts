/**
 * Time to first `delta` through Askflow against the model's own first token. The model is the
 * local chat-completions test server with a fixed first-token delay, streamed directly with the
 * `openai` package for the baseline. Run: `npm run bench:ttft`.
 */
import OpenAI from 'openai';
import { createParser } from 'eventsource-parser';
import { startChatCompletionsServer } from '../test/fakes/chatCompletionsServer.js';
import { createApiKey } from '../store/apiKeys.js';
import { createPool } from '../store/pool.js';
import { createProject, updateProject } from '../store/projects.js';
import { upsertProvider } from '../store/providers.js';
import { parseMasterKey } from '../store/secrets.js';
import { startTestStack } from '../infra/testStack.js';
import { printTable, summarize } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const FIRST_TOKEN_MS = 200;
const CHUNKS = Array.from({ length: 20 }, (_, i) => `token${i} `);

const llm = await startChatCompletionsServer();
const behaviour = () => llm.script({ chunks: CHUNKS, firstTokenDelayMs: FIRST_TOKEN_MS, tokenIntervalMs: 10 });

/** The baseline: the model's own first token, streamed straight from it. */
async function directFirstToken(openai: OpenAI): Promise<number> {
  behaviour();
  const started = performance.now();
  const stream = await openai.chat.completions.create({ model: 'bench', messages: [{ role: 'user', content: 'hi' }], stream: true });
  let first = NaN;
  for await (const chunk of stream) if (Number.isNaN(first) && chunk.choices[0]?.delta.content) first = performance.now() - started;
  return first;
}

/** Askflow's first `delta` and its `done`, as an SSE client sees them. */
async function askflowFirstDelta(baseUrl: string, tenantId: string, key: string): Promise<{ first: number; done: number; afterModel: number }> {
  behaviour();
  const started = performance.now();
  const res = await fetch(`${baseUrl}/service/ask/stream`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
    body: JSON.stringify({ tenantId, message: 'hi' }),
  });
  let first = NaN;
  let firstAt = NaN;
  let done = NaN;
  const parser = createParser({
    onEvent: (m) => {
      if (m.event === 'delta' && Number.isNaN(first)) {
        first = performance.now() - started;
        firstAt = performance.now();
      }
      if (m.event === 'done') done = performance.now() - started;
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
  // The model server runs in this process: its first token's send time is on the same clock.
  const modelFirst = llm.requests.at(-1)?.firstContentAt ?? NaN;
  return { first, done, afterModel: firstAt - modelFirst };
}

const t = await startTestStack();
const pool = createPool(t.info.databaseUrl, 2);
try {
  const project = await createProject(pool, 'bench-ttft');
  await upsertProvider(pool, project.id, 'model', llm.baseUrl, llm.apiKey, parseMasterKey(t.info.masterKey));
  await updateProject(pool, project.id, { chatModel: 'model:bench', rateLimitPerMinute: 1_000_000, keyRateLimitPerMinute: 1_000_000, historyTokenBudget: 0 });
  const { key } = await createApiKey(pool, project.id, 'test');
  const openai = new OpenAI({ baseURL: llm.baseUrl, apiKey: llm.apiKey, maxRetries: 0 });

  for (let i = 0; i < 5; i++) await askflowFirstDelta(t.info.baseUrl, project.id, key);
  const direct: number[] = [];
  const viaAskflow: number[] = [];
  const doneAt: number[] = [];
  const afterModel: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    direct.push(await directFirstToken(openai));
    const r = await askflowFirstDelta(t.info.baseUrl, project.id, key);
    viaAskflow.push(r.first);
    doneAt.push(r.done);
    afterModel.push(r.afterModel);
  }
  const baseline = summarize(direct).p50;
  const added = summarize(viaAskflow.map((ms) => ms - baseline));
  const row = (what: string, s: ReturnType<typeof summarize>) => ({ what, runs: s.n, 'p50 ms': s.p50.toFixed(1), 'p90 ms': s.p90.toFixed(1), 'p99 ms': s.p99.toFixed(1) });
  printTable(`Streamed ask, model first token after ${FIRST_TOKEN_MS} ms, ${CHUNKS.length} tokens 10 ms apart (2-core machine, all local)`, [
    row("model's own first token (direct)", summarize(direct)),
    row('first delta through Askflow', summarize(viaAskflow)),
    row("first delta after the model's first token", summarize(afterModel)),
    row('added by Askflow (first delta − direct p50)', added),
    row('done through Askflow', summarize(doneAt)),
  ]);
} finally {
  await pool.end();
  await t.dispose();
  await llm.close();
}
