/**
 * Where the CPU of an ask goes: JSON asks at a fixed concurrency against an OpenAI-compatible
 * model server that answers at once, and the CPU time each process of the stack (with its
 * children: PostgreSQL's backends, the worker's threads) spent per ask, beside the load
 * generator's own. On 2 cores the sum bounds throughput: 2,000 ms of CPU per second / the sum.
 * Run: `npm run bench:cpu`. BENCH_ASKS (default 400), BENCH_CONCURRENCY (default 32);
 * BENCH_STREAMED=1 measures streamed asks (`/service/ask/stream`, read to `done`) instead; with
 * BENCH_TOKENS, the model streams that many tokens BENCH_TOKEN_MS (default 20) ms apart.
 */
import { startChatCompletionsServer } from '../test/fakes/chatCompletionsServer.js';
import { startTestStack } from '../infra/testStack.js';
import { createPool, type Pool } from '../store/pool.js';
import { askJson, askStreamed, benchProject, tokens, type BenchProject } from './askflow.js';
import { load } from './sideBySide/load.js';
import { cpuMsTree, printTable } from './stats.js';

const ASKS = Number(process.env.BENCH_ASKS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const STREAMED = process.env.BENCH_STREAMED === '1';
const kind = STREAMED ? 'streamed' : 'JSON';
const TOKENS = Number(process.env.BENCH_TOKENS ?? 0);
const TOKEN_MS = Number(process.env.BENCH_TOKEN_MS ?? 20);
const llm = await startChatCompletionsServer();
const askOnce = (project: BenchProject, message: string) => {
  if (!STREAMED) return askJson(project, message).then(() => undefined);
  // Every request is scripted alike, so which ask takes which script does not matter.
  if (TOKENS) llm.script({ chunks: tokens(TOKENS), tokenIntervalMs: TOKEN_MS });
  return askStreamed(project, message).then(() => undefined);
};

/** Transactions committed or rolled back in the stack's database so far. */
async function transactions(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(`SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()`);
  return Number(rows[0]!.n);
}

const t = await startTestStack({ logLevel: 'info' });
const pool = createPool(t.info.databaseUrl, 2);
try {
  const project = await benchProject(pool, t.info.baseUrl, 'bench cpu', { baseUrl: llm.baseUrl, apiKey: llm.apiKey, masterKey: t.info.masterKey });
  await load(100, 16, (i) => askOnce(project, `warm-up ${i}`));
  const processes = t.stack.processes.map((p) => ({ name: p.name, pid: p.child.pid! }));
  const before = processes.map((p) => cpuMsTree(p.pid));
  const statementsBefore = await transactions(pool);
  const self = process.cpuUsage();
  const result = await load(ASKS, CONCURRENCY, (i) => askOnce(project, `question ${i}`));
  const selfMs = (process.cpuUsage(self).user + process.cpuUsage(self).system) / 1000;
  const after = processes.map((p) => cpuMsTree(p.pid));
  // PostgreSQL publishes its counters within a second or so (less the two reads here).
  await new Promise((r) => setTimeout(r, 1_500));
  const statements = (await transactions(pool)) - statementsBefore - 2;
  const rows = processes.map((p, i) => ({ process: p.name, 'CPU ms per ask': ((after[i]! - before[i]!) / ASKS).toFixed(1) }));
  rows.push({ process: 'load generator + model server', 'CPU ms per ask': (selfMs / ASKS).toFixed(1) });
  const sum = rows.reduce((s, r) => s + Number(r['CPU ms per ask']), 0);
  rows.push({ process: 'all', 'CPU ms per ask': sum.toFixed(1) });
  printTable(`CPU per ${kind} ask (${ASKS} asks at concurrency ${CONCURRENCY}: ${result.perSecond.toFixed(1)} asks/s, p50 ${result.p50.toFixed(0)} ms, ${result.errors} errors; 2 cores bound this at ~${(2000 / sum).toFixed(0)} asks/s)`, rows);
  // Each statement is a round trip and its socket writes and reads in api or worker, and a commit.
  console.log(`PostgreSQL transactions per ask (api, worker and codec together): ${(statements / ASKS).toFixed(1)}`);
} finally {
  await pool.end();
  await t.dispose();
  await llm.close();
}
