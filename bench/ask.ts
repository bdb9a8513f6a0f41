/**
 * Ask latency through the whole stack (api → Temporal → worker → PostgreSQL) with the offline
 * `local` model, so the figures are Askflow's own overhead. Run: `npm run bench:ask`.
 */
import { createPool } from '../store/pool.js';
import { startTestStack } from '../infra/testStack.js';
import { askJson, benchProject } from './askflow.js';
import { printTable, rssMb, summarize } from './stats.js';

const ASKS = Number(process.env.BENCH_ASKS ?? 200);

const t = await startTestStack({ logLevel: 'info' });
const pool = createPool(t.info.databaseUrl, 2);
try {
  const project = await benchProject(pool, t.info.baseUrl, 'bench');
  const ask = async (message: string) => {
    const started = performance.now();
    await askJson(project, message);
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
