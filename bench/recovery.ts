/**
 * How long an ask stalls when the worker answering it dies: `npm run bench:recovery`. An api and
 * a worker on a task queue of their own; the worker is killed (SIGKILL) while the model is
 * answering, a new worker starts at once (as the supervisor of `npm start` restarts one), and the
 * time from the kill to the answer — the JSON response, or the streamed ask's `done` on the same
 * connection — is what the client waited. The baseline in the same run is the same ask with no
 * kill. `BENCH_RUNS` (default 3) kills of each kind.
 */
import { createPool } from '../store/pool.js';
import { startTestStack } from '../infra/testStack.js';
import { startChatCompletionsServer } from '../test/fakes/chatCompletionsServer.js';
import { startReplicaOn } from '../infra/replica.js';
import { askJson, askStreamed, benchProject, tokens, type BenchProject } from './askflow.js';
import { printTable, summarize } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The model is still answering this long after the ask is sent; the worker dies halfway. */
const MODEL_MS = 2_000;
const KILL_AFTER_MS = 1_000;

const llm = await startChatCompletionsServer();
const t = await startTestStack({ logLevel: 'info' });
const pool = createPool(t.info.databaseUrl, 2);
const taskQueue = `bench-recovery-${process.pid}`;
const api = await startReplicaOn(t.info, 'api', { TEMPORAL_TASK_QUEUE: taskQueue, LOG_LEVEL: 'info' });
let worker = await startReplicaOn(t.info, 'worker', { TEMPORAL_TASK_QUEUE: taskQueue, LOG_LEVEL: 'info' });

/** The first attempt is slow (`slow`), any retry answers at once. */
const JSON_SLOW = { content: 'the slow answer', delayMs: MODEL_MS };
const JSON_FAST = { content: 'the answer' };
const STREAM_SLOW = { chunks: tokens(20), tokenIntervalMs: MODEL_MS / 20 };
const STREAM_FAST = { chunks: tokens(20), tokenIntervalMs: 1 };

type Kind = 'json' | 'stream';
let asked = 0;
async function ask(project: BenchProject, kind: Kind): Promise<number> {
  const message = `recover ${asked++}`;
  if (kind === 'json') {
    await askJson(project, message);
  } else {
    const { doneAt } = await askStreamed(project, message);
    if (Number.isNaN(doneAt)) throw new Error('the stream ended without done');
  }
  return performance.now();
}

/** One ask whose worker is killed `KILL_AFTER_MS` into the model's answer: ms from the kill to the answer. */
async function killedMidAnswer(project: BenchProject, kind: Kind): Promise<number> {
  llm.script(kind === 'json' ? JSON_SLOW : STREAM_SLOW, kind === 'json' ? JSON_FAST : STREAM_FAST);
  const answered = ask(project, kind);
  await new Promise((r) => setTimeout(r, KILL_AFTER_MS));
  const killedAt = performance.now();
  await worker.kill();
  worker = await startReplicaOn(t.info, 'worker', { TEMPORAL_TASK_QUEUE: taskQueue, LOG_LEVEL: 'info' });
  return (await answered) - killedAt;
}

/** The same ask undisturbed: ms from where the kill would have been to the answer. */
async function undisturbed(project: BenchProject, kind: Kind): Promise<number> {
  llm.script(kind === 'json' ? JSON_SLOW : STREAM_SLOW);
  const started = performance.now();
  return (await ask(project, kind)) - started - KILL_AFTER_MS;
}

try {
  const project = await benchProject(pool, api.baseUrl!, 'bench-recovery', { baseUrl: llm.baseUrl, apiKey: llm.apiKey, masterKey: t.info.masterKey });
  await undisturbed(project, 'json');
  const rows: Record<string, string | number>[] = [];
  for (const kind of ['json', 'stream'] as const) {
    const calm: number[] = [];
    const killed: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      calm.push(await undisturbed(project, kind));
      killed.push(await killedMidAnswer(project, kind));
    }
    const [c, k] = [summarize(calm), summarize(killed)];
    rows.push({
      ask: kind === 'json' ? 'JSON' : 'streamed (to done)',
      runs: RUNS,
      'no kill: p50 / max ms': `${c.p50.toFixed(0)} / ${c.max.toFixed(0)}`,
      'worker killed: p50 / max ms': `${k.p50.toFixed(0)} / ${k.max.toFixed(0)}`,
      'stall added, p50 ms': (k.p50 - c.p50).toFixed(0),
    });
  }
  printTable(`The answer after the worker dies ${KILL_AFTER_MS} ms into a ${MODEL_MS} ms model answer, a new worker started at once (from the kill)`, rows);
} finally {
  await Promise.all([api.stop(), worker.stop()]);
  await pool.end();
  await t.dispose();
  await llm.close();
}
