/**
 * Ask latency through the whole stack (api → Temporal → worker → PostgreSQL) with the offline
 * `local` model, so the figures are Askflow's own overhead. Run: `npm run bench:ask`.
 */
import { readFileSync } from 'node:fs';
import { createApiKey } from '../store/apiKeys.js';
import { createPool } from '../store/pool.js';
import { createProject, updateProject } from '../store/projects.js';
import { startTestStack } from '../infra/testStack.js';
import { printTable, summarize } from './stats.js';

const ASKS = Number(process.env.BENCH_ASKS ?? 200);

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

const t = await startTestStack();
const pool = createPool(t.info.databaseUrl, 2);
try {
  const project = await createProject(pool, 'bench');
  // The benchmark measures latency, not the rate limiter: lift the project's limits out of the way.
  await updateProject(pool, project.id, { rateLimitPerMinute: 1_000_000, keyRateLimitPerMinute: 1_000_000 });
  const { key } = await createApiKey(pool, project.id, 'test');
  const ask = async (message: string) => {
    const started = performance.now();
    const res = await fetch(`${t.info.baseUrl}/service/ask`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
      body: JSON.stringify({ tenantId: project.id, message }),
    });
    if (res.status !== 200) throw new Error(`ask failed: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) await ask(`warm-up ${i}`);

  const rows = [];
  for (const concurrency of [1, 8]) {
    const samples: number[] = [];
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < ASKS) {
          next++;
          samples.push(await ask(`question number ${next}`));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const s = summarize(samples);
    rows.push({ concurrency, asks: s.n, 'p50 ms': s.p50.toFixed(1), 'p90 ms': s.p90.toFixed(1), 'p99 ms': s.p99.toFixed(1), 'asks/s': (s.n / seconds).toFixed(1) });
  }
  printTable(`JSON ask, local model, ${ASKS} asks per row (2-core machine; api, worker, Temporal, PostgreSQL all local)`, rows);
  printTable(
    'Resident memory after the run',
    t.stack.processes.map((p) => ({ process: p.name, 'RSS MB': rssMb(p.child.pid!) })),
  );
} finally {
  await pool.end();
  await t.dispose();
}
