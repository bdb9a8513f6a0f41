/**
 * `npm run bench:scale` — scale-out on the cluster topology (the Temporal server on PostgreSQL):
 * JSON asks/s and p50/p99 with 1, 2 and 4 workers, through 1 api or 2 apis behind the load
 * balancer, at one fixed offered load (BENCH_CLIENTS clients, each asking again as soon as it is
 * answered), with each process's CPU over the run — on two cores that, not the worker count, is
 * what bounds throughput. Writes the table and docs/bench-scale.png.
 * BENCH_ASKS (asks per configuration, default 300), BENCH_CLIENTS (default 32).
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import * as vega from 'vega';
import { compile } from 'vega-lite';
import { REPO_ROOT } from '../infra/paths.js';
import { startTestStack } from '../infra/testStack.js';
import { createPool } from '../store/pool.js';
import { askJson, benchProject } from './askflow.js';
import { load } from './sideBySide/load.js';
import { cpuMsTree, printTable } from './stats.js';

const ASKS = Number(process.env.BENCH_ASKS ?? 300);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const WORKERS = [1, 2, 4];

const t = await startTestStack({ logLevel: 'info', temporal: 'cluster', apiReplicas: 2, workerReplicas: 1 });
const pool = createPool(t.info.databaseUrl, 2);
const rows: Record<string, string | number>[] = [];
const points: { workers: number; apis: string; asksPerSecond: number; p99: number }[] = [];
try {
  const { stack } = t;
  const project = await benchProject(pool, t.info.baseUrl, 'bench-scale');
  const workerPids = [stack.supervised.worker!.child.pid!];
  /** CPU ms so far of each role's processes (with their children). */
  const cpu = () => ({
    temporal: cpuMsTree(stack.supervised.temporal!.child.pid!),
    postgres: stack.supervised.postgres ? cpuMsTree(stack.supervised.postgres.child.pid!) : 0,
    workers: workerPids.reduce((n, pid) => n + cpuMsTree(pid), 0),
    apis: cpuMsTree(stack.supervised.api!.child.pid!) + cpuMsTree(stack.supervised['api-2']!.child.pid!),
    bench: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  });
  for (const workers of WORKERS) {
    while (workerPids.length < workers) workerPids.push((await stack.startWorker()).child.pid!);
    await new Promise((r) => setTimeout(r, 1500)); // new workers' pollers reach matching
    for (const apis of [1, 2]) {
      const base = apis === 1 ? stack.apiUrls[0]! : stack.loadBalancer!.url;
      const target = { ...project, baseUrl: base };
      await load(30, 8, (i) => askJson(target, `warm-up ${i}`).then(() => undefined));
      const before = cpu();
      const started = performance.now();
      const r = await load(ASKS, CLIENTS, (i) => askJson(target, `scale ${workers}/${apis} ${i}`).then(() => undefined));
      const wallMs = performance.now() - started;
      const after = cpu();
      const pct = (k: keyof ReturnType<typeof cpu>) => `${Math.round(((after[k] - before[k]) / wallMs) * 100)} %`;
      rows.push({
        workers,
        'api replicas': apis,
        'asks/s': r.perSecond.toFixed(1),
        'p50 ms': r.p50.toFixed(0),
        'p99 ms': r.p99.toFixed(0),
        errors: r.errors,
        'CPU temporal': pct('temporal'),
        'CPU postgres': pct('postgres'),
        'CPU workers': pct('workers'),
        'CPU apis': pct('apis'),
        'CPU bench': pct('bench'),
      });
      points.push({ workers, apis: `${apis} api${apis > 1 ? 's (balanced)' : ''}`, asksPerSecond: Number(r.perSecond.toFixed(1)), p99: Math.round(r.p99) });
    }
  }
  printTable(`Scale-out on the cluster topology: ${CLIENTS} clients, ${ASKS} JSON asks per row (CPU: % of one core over the row; 200 % is both cores)`, rows);

  const spec = compile({
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `Askflow on the Temporal cluster topology, ${CLIENTS} clients (${cpus().length}-core machine)`,
    width: 420,
    height: 240,
    data: { values: points },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'workers', type: 'ordinal', title: 'worker processes' },
      y: { field: 'asksPerSecond', type: 'quantitative', title: 'JSON asks/s', scale: { zero: true } },
      color: { field: 'apis', type: 'nominal', title: 'api' },
    },
    config: { background: 'white' },
  }).spec;
  const view = new vega.View(vega.parse(spec), { renderer: 'none' });
  const svg = await view.toSVG();
  const png = new Resvg(svg, { fitTo: { mode: 'zoom', value: 2 }, font: { loadSystemFonts: true } }).render().asPng();
  const out = join(REPO_ROOT, 'docs', 'bench-scale.png');
  writeFileSync(out, png);
  console.log(`\nplot: ${out}`);
} finally {
  await pool.end();
  await t.dispose();
}
