/**
 * `npm start`: the whole stack on this machine, a seeded demo project, and its credentials in
 * `.askflow/dev.json`; runs until Ctrl-C, then stops every process it started.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPool } from '../store/pool.js';
import { STATE_DIR } from './paths.js';
import { portInUse } from './ports.js';
import { devMasterKey } from './masterKey.js';
import { seedDemo } from './seed.js';
import { DEMO_QUESTIONS, seedDemoContent, signingSecrets } from './demoContent.js';
import { startDemoTool } from './demoTool.js';
import { startStack } from './stack.js';
import { tracingWanted } from '../tracing/setup.js';

const log = (m: string) => console.log(`[askflow] ${m}`);
const started = Date.now();

const ports = {
  api: Number(process.env.PORT ?? 8787),
  temporal: Number(process.env.ASKFLOW_TEMPORAL_PORT ?? 7233),
  temporalUi: Number(process.env.ASKFLOW_TEMPORAL_UI_PORT ?? 8233),
  temporalHttp: Number(process.env.ASKFLOW_TEMPORAL_HTTP_PORT ?? 7243),
  temporalMetrics: Number(process.env.ASKFLOW_TEMPORAL_METRICS_PORT ?? 9233),
  postgres: Number(process.env.ASKFLOW_POSTGRES_PORT ?? 54329),
  codec: Number(process.env.ASKFLOW_CODEC_PORT ?? 8888),
};
/** `ASKFLOW_TEMPORAL=cluster`: the Temporal server on PostgreSQL (infra/temporalCluster.ts) instead of the dev server. */
const topology = process.env.ASKFLOW_TEMPORAL === 'cluster' ? 'cluster' : 'dev';
if (process.env.ASKFLOW_TEMPORAL && !['cluster', 'dev'].includes(process.env.ASKFLOW_TEMPORAL)) {
  console.error(`[askflow] ASKFLOW_TEMPORAL is "${process.env.ASKFLOW_TEMPORAL}"; use "dev" (the default) or "cluster".`);
  process.exit(1);
}
/** ASKFLOW_API_REPLICAS / ASKFLOW_WORKER_REPLICAS: how many of each to run (1–16, default 1). */
function replicas(name: string): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 16) {
    console.error(`[askflow] ${name} must be a whole number from 1 to 16 (got "${raw}").`);
    process.exit(1);
  }
  return n;
}
const clusterPorts = {
  history: Number(process.env.ASKFLOW_TEMPORAL_HISTORY_PORT ?? 7234),
  matching: Number(process.env.ASKFLOW_TEMPORAL_MATCHING_PORT ?? 7235),
  worker: Number(process.env.ASKFLOW_TEMPORAL_WORKER_PORT ?? 7239),
  membership: [6933, 6934, 6935, 6939] as [number, number, number, number],
};
const wanted: [string, number, boolean][] = [
  ['api (PORT)', ports.api, true],
  ['Temporal (ASKFLOW_TEMPORAL_PORT)', ports.temporal, !process.env.TEMPORAL_ADDRESS],
  ['Temporal UI (ASKFLOW_TEMPORAL_UI_PORT)', ports.temporalUi, !process.env.TEMPORAL_ADDRESS],
  ['Temporal HTTP API (ASKFLOW_TEMPORAL_HTTP_PORT)', ports.temporalHttp, !process.env.TEMPORAL_ADDRESS],
  ['Temporal metrics (ASKFLOW_TEMPORAL_METRICS_PORT)', ports.temporalMetrics, !process.env.TEMPORAL_ADDRESS],
  ['PostgreSQL (ASKFLOW_POSTGRES_PORT)', ports.postgres, !process.env.DATABASE_URL],
  ['payload codec endpoint (ASKFLOW_CODEC_PORT)', ports.codec, true],
  ...(topology === 'cluster' && !process.env.TEMPORAL_ADDRESS
    ? ([
        ['Temporal history (ASKFLOW_TEMPORAL_HISTORY_PORT)', clusterPorts.history, true],
        ['Temporal matching (ASKFLOW_TEMPORAL_MATCHING_PORT)', clusterPorts.matching, true],
        ['Temporal worker service (ASKFLOW_TEMPORAL_WORKER_PORT)', clusterPorts.worker, true],
        ...clusterPorts.membership.map((p): [string, number, boolean] => [`Temporal membership`, p, true]),
      ] as [string, number, boolean][])
    : []),
];
for (const [what, port, needed] of wanted) {
  if (needed && (await portInUse(port))) {
    console.error(`[askflow] Port ${port} for ${what} is already in use. Is another \`npm start\` running? Set that variable to use another port.`);
    process.exit(1);
  }
}

const dir = join(STATE_DIR, 'dev');
mkdirSync(dir, { recursive: true });
let stopping: Promise<void> | null = null;
let stack: Awaited<ReturnType<typeof startStack>> | null = null;
function shutdown(signal: string) {
  if (stopping) return;
  log(`${signal}: stopping…`);
  stopping = (stack ? stack.stop() : Promise.resolve()).then(() => {
    log('stopped; data kept in .askflow/dev');
    process.exit(0);
  });
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

log(`starting ${topology === 'cluster' ? 'PostgreSQL, the Temporal server (cluster topology)' : 'Temporal, PostgreSQL'}, worker and api…`);
stack = await startStack({
  dir,
  ports: { ...ports, ...(topology === 'cluster' ? { temporalInternal: clusterPorts } : {}) },
  temporal: topology,
  apiReplicas: replicas('ASKFLOW_API_REPLICAS'),
  workerReplicas: replicas('ASKFLOW_WORKER_REPLICAS'),
  taskQueue: process.env.TEMPORAL_TASK_QUEUE ?? 'askflow',
  scratchDatabase: false,
  logLevel: process.env.LOG_LEVEL ?? 'info',
  masterKey: devMasterKey(join(dir, 'master.key')),
  log,
});
if (stopping) await new Promise(() => undefined);

const pool = createPool(stack.databaseUrl, 1);
const devJson = join(STATE_DIR, 'dev.json');
const ownerJson = join(STATE_DIR, 'owner.json');
const demo = await seedDemo(pool, devJson, ownerJson);
await pool.end();
writeFileSync(ownerJson, `${JSON.stringify(demo.owner, null, 2)}\n`, { mode: 0o600 });
// The demo project's tool runs in this process, checking each call against the project's current secrets.
const demoTool = await startDemoTool(() => signingSecrets(stack!.baseUrl, demo.owner.token, demo.tenantId));
await seedDemoContent(stack.baseUrl, demo.owner.token, demo.tenantId, demoTool.url);

const info = { baseUrl: stack.baseUrl, tenantId: demo.tenantId, apiKey: demo.apiKey, temporalUiUrl: stack.temporalUiUrl, codecUrl: stack.codecUrl, metricsUrls: stack.metricsUrls };
writeFileSync(devJson, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });

/** Where traces go (the api and worker read the same OTEL_* variables), or how to turn them on. */
function tracesLine(): string {
  const endpoint = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (tracingWanted()) return `OpenTelemetry → ${endpoint ?? process.env.OTEL_TRACES_EXPORTER}`;
  return 'off (set OTEL_EXPORTER_OTLP_ENDPOINT to export OpenTelemetry traces); each turn has a timeline in the console';
}

console.log(`
  Askflow is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)

  API          ${info.baseUrl}
  Console      ${info.baseUrl}/console/
  Temporal UI  ${info.temporalUiUrl ?? '(external cluster)'}
  Codec        ${info.codecUrl}  (workflow payloads are encrypted; the UI decodes through this)
  Metrics      ${info.metricsUrls.join('\n               ')}  (Prometheus: api first, then worker)
  Traces       ${tracesLine()}
  Tenant ID    ${info.tenantId}
  API key      ${info.apiKey}
  Logs         ${stack.logDir}
  (the same as JSON in .askflow/dev.json)

  Console sign-in ${demo.owner.email}${demo.owner.password ? ` / ${demo.owner.password}` : ''}
  Owner token   ${demo.owner.token}
  (management API: Authorization: Bearer <owner token>; saved in .askflow/owner.json)

  Try:
    curl -s ${info.baseUrl}/service/ask -H 'Content-Type: application/json' \\
      -H 'X-API-Key: ${info.apiKey}' -d '{"tenantId":"${info.tenantId}","message":"hello"}'

  The demo project has a handbook (knowledge) and an order-status tool (${demoTool.url});
  in the console's playground, ask for example:
${Object.entries(DEMO_QUESTIONS).map(([intent, q]) => `    ${`${intent}:`.padEnd(11)}${q}`).join('\n')}

  Ctrl-C stops everything.
`);
