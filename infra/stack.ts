import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR } from './paths.js';
import { provisionPostgres } from './postgres.js';
import { forkService, type ManagedProcess } from './processes.js';
import { startLoadBalancer, type LoadBalancer } from './loadBalancer.js';
import { freePort } from './ports.js';
import { supervise, type Supervised } from './supervise.js';
import { provisionTemporal } from './temporal.js';
import { startTemporalCluster } from './temporalCluster.js';
import { startTemporalUi } from './temporalUi.js';
import { readTemporalEnv } from '../config/env.js';
import { promoteVersion } from '../worker/deployment.js';
import type { WorkerDeploymentVersion } from '@temporalio/common';

export interface StackPorts {
  api: number;
  temporal: number;
  temporalUi: number;
  temporalHttp: number;
  temporalMetrics: number;
  postgres: number;
  /** The payload codec endpoint the Temporal Web UI decodes with (loopback). */
  codec: number;
  /** The cluster topology's internal services (history, matching, worker) and membership ports. */
  temporalInternal?: { history: number; matching: number; worker: number; membership: [number, number, number, number] };
}

export interface StackOptions {
  /** Folder for this stack's data and logs. */
  dir: string;
  ports: StackPorts;
  taskQueue: string;
  /** Tests use a throwaway database on a given server instead of the server's own. */
  scratchDatabase: boolean;
  logLevel: string;
  /** `dev`: the Temporal CLI's dev server (SQLite); `cluster`: the Temporal server on PostgreSQL (infra/temporalCluster.ts). */
  temporal?: 'dev' | 'cluster';
  /** Api and worker processes to run (default 1 each); several apis get a load balancer on the api port. */
  apiReplicas?: number;
  workerReplicas?: number;
  /** The cluster's database names on PostgreSQL (`<name>`, `<name>_visibility`); default `temporal`. */
  clusterDatabase?: string;
  /** Settings for every api and worker (over the environment's), e.g. ASKFLOW_WORKER_VERSIONING. */
  serviceEnv?: Record<string, string>;
  /** ASKFLOW_MASTER_KEY for the services, unless the environment already sets one. */
  masterKey: string;
  log: (m: string) => void;
}

export interface Stack {
  baseUrl: string;
  databaseUrl: string;
  temporalAddress: string;
  temporalNamespace: string;
  temporalUiUrl: string | null;
  /** The codec endpoint that shows operators decrypted payloads (pointed at by the dev UI). */
  codecUrl: string;
  taskQueue: string;
  logDir: string;
  /** Environment a worker or api process of this stack runs with. */
  serviceEnv: NodeJS.ProcessEnv;
  processes: ManagedProcess[];
  /** The stack's own processes, each restarted when it dies (absent: an external service). */
  supervised: Partial<Record<string, Supervised>>;
  /** Each api's and then each worker's Prometheus `/metrics` URL (loopback). */
  metricsUrls: string[];
  /** Each api replica's own URL (the first is `baseUrl` when there is one). */
  apiUrls: string[];
  /** With several api replicas: the load balancer in front of them (its URL is `baseUrl`). */
  loadBalancer: LoadBalancer | null;
  /** Another worker (with `env` over the stack's: another build, another version), stopped with the stack. */
  startWorker(env?: Record<string, string>): Promise<ManagedProcess>;
  stop(): Promise<void>;
}

/** The stack's endpoints on this machine that no tool or knowledge URL may reach, as ASKFLOW_DENY_ENDPOINTS. */
function denyList(ports: StackPorts, ownTemporal: boolean, metrics: number[]): string {
  const internal = ports.temporalInternal ? [ports.temporalInternal.history, ports.temporalInternal.matching, ports.temporalInternal.worker, ...ports.temporalInternal.membership] : [];
  const local = [ports.api, ports.postgres, ports.codec, ...metrics, ...(ownTemporal ? [ports.temporal, ports.temporalUi, ports.temporalHttp, ports.temporalMetrics, ...internal] : [])];
  return [...local.map((p) => `127.0.0.1:${p}`), ...(process.env.ASKFLOW_DENY_ENDPOINTS ? [process.env.ASKFLOW_DENY_ENDPOINTS] : [])].join(',');
}

/**
 * The whole stack on one machine: Temporal, PostgreSQL (migrated by the api and worker as they start), one worker, one api.
 * Stops in reverse order: api, worker (drains its tasks), Temporal, PostgreSQL.
 */
export async function startStack(opts: StackOptions): Promise<Stack> {
  const logDir = join(opts.dir, 'logs');
  const startClusterOn = async (postgresUrl: string) => {
    const internal = opts.ports.temporalInternal;
    if (!internal) throw new Error('The cluster topology needs ports for its history, matching, worker and membership services');
    const cluster = await startTemporalCluster({
      postgresUrl,
      database: opts.clusterDatabase ?? 'temporal',
      ports: { frontend: opts.ports.temporal, http: opts.ports.temporalHttp, metrics: opts.ports.temporalMetrics, ...internal },
      dir: join(opts.dir, 'temporal-cluster'),
      logFile: join(logDir, 'temporal.log'),
      log: opts.log,
      supervise: (_name, start) => keep('temporal', start),
    });
    // The dev server brings its own UI; the cluster gets the official UI server beside it.
    const ui = await startTemporalUi({
      frontend: cluster.address,
      port: opts.ports.temporalUi,
      codecEndpoint: `http://127.0.0.1:${opts.ports.codec}`,
      dir: join(opts.dir, 'temporal-ui'),
      logFile: join(logDir, 'temporal-ui.log'),
      log: opts.log,
      supervise: (_name, start) => keep('temporal-ui', start),
    });
    started.push(ui.process);
    return { ...cluster, uiUrl: ui.url };
  };
  mkdirSync(logDir, { recursive: true });
  const started: ManagedProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  const supervised: Stack['supervised'] = {};
  // Every start under way, so that a failed start waits for the others before stopping what
  // they started: one rejected part of a Promise.all (a port taken by the dev server) must not
  // leave PostgreSQL, still starting beside it, running and supervised after the stop.
  const pending: Promise<unknown>[] = [];
  const keep = (name: string, start: () => Promise<ManagedProcess>) => {
    const kept = supervise(name, start, opts.log).then((s) => {
      supervised[name] = s;
      return s;
    });
    pending.push(kept);
    return kept;
  };
  const stop = async () => {
    // Supervision ends for every process first: a Ctrl-C reaches the whole process group, so
    // PostgreSQL or the codec may exit on it while the api is still being stopped, and must not
    // be started again on the way out.
    const kept = Object.values(supervised).filter((s) => s !== undefined);
    for (const s of kept) s.release();
    // A process whose start went on beside a part that failed (the dev server beside PostgreSQL,
    // when PostgreSQL could not be had) never joined `started`: left running, it outlived the
    // failed start and held the process that started it open.
    for (const s of kept) if (!started.includes(s)) await s.stop();
    for (const p of [...started].reverse()) await p.stop();
    for (const c of cleanups.reverse()) await c();
  };

  try {
    const postgresStarting = provisionPostgres({
      dataDir: join(opts.dir, 'postgres'),
      port: opts.ports.postgres,
      logFile: join(logDir, 'postgres.log'),
      scratch: opts.scratchDatabase,
      supervise: (_name, start) => keep('postgres', start),
    }).then((p) => {
      // PostgreSQL stops last: put it first in the list that is stopped in reverse.
      if (p.process) started.unshift(p.process);
      cleanups.push(p.dispose);
      return p;
    });
    pending.push(postgresStarting);
    const temporalLog = join(logDir, 'temporal.log');
    const keepTemporal = (_name: string, start: () => Promise<ManagedProcess>) => keep('temporal', start);
    // The dev server starts beside PostgreSQL; the cluster keeps its data in PostgreSQL, so after it.
    const [temporal, postgres] =
      opts.temporal === 'cluster' && !process.env.TEMPORAL_ADDRESS
        ? await postgresStarting.then(async (pg) => [await startClusterOn(pg.url), pg] as const)
        : await Promise.all([
            provisionTemporal({
              port: opts.ports.temporal,
              uiPort: opts.ports.temporalUi,
              httpPort: opts.ports.temporalHttp,
              metricsPort: opts.ports.temporalMetrics,
              codecEndpoint: `http://127.0.0.1:${opts.ports.codec}`,
              dbFile: join(opts.dir, 'temporal.sqlite'),
              logFile: temporalLog,
              log: opts.log,
              supervise: keepTemporal,
            }),
            postgresStarting,
          ]);
    if (temporal.process) started.splice(postgres.process ? 1 : 0, 0, temporal.process);
    // Each api and worker process serves /metrics on a loopback port of its own, kept across
    // restarts, and none of them is a tool or knowledge target for any other.
    const apiReplicas = Math.max(1, opts.apiReplicas ?? 1);
    const workerReplicas = Math.max(1, opts.workerReplicas ?? 1);
    const nth = (role: string, i: number) => (i === 0 ? role : `${role}-${i + 1}`);
    const metricsPorts = new Map<string, number>();
    for (const name of [...Array.from({ length: apiReplicas }, (_, i) => nth('api', i)), ...Array.from({ length: workerReplicas }, (_, i) => nth('worker', i))]) {
      metricsPorts.set(name, await freePort());
    }
    const metricsEnv = async (name: string) => {
      if (!metricsPorts.has(name)) metricsPorts.set(name, await freePort());
      return { METRICS_HOST: '127.0.0.1', METRICS_PORT: String(metricsPorts.get(name)) };
    };
    const serviceEnv: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: postgres.url,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_NAMESPACE: temporal.namespace,
      TEMPORAL_TASK_QUEUE: opts.taskQueue,
      ...(temporal.uiUrl ? { TEMPORAL_UI_URL: temporal.uiUrl } : {}),
      LOG_LEVEL: opts.logLevel,
      ASKFLOW_MASTER_KEY: process.env.ASKFLOW_MASTER_KEY ?? opts.masterKey,
      // On one machine, knowledge URLs and tools on localhost are the point; other private ranges stay refused.
      ASKFLOW_ALLOW_PRIVATE_URLS: process.env.ASKFLOW_ALLOW_PRIVATE_URLS ?? 'loopback',
      // …but never the stack's own services there (Temporal, its HTTP API, UI and metrics, PostgreSQL,
      // the api): each service adds what its own environment names; these are the rest.
      ASKFLOW_DENY_ENDPOINTS: denyList(opts.ports, temporal.process !== null, [...metricsPorts.values()]),
      ...opts.serviceEnv,
    };
    let workerVersion: WorkerDeploymentVersion | undefined;
    const forkWorker = async (log = 'worker.log', env: Record<string, string> = {}) => {
      const { proc, message } = await forkService('worker', join(DIST_DIR, 'worker', 'main.js'), { ...serviceEnv, ...(await metricsEnv(log.replace(/\.log$/, ''))), ...env }, join(logDir, log));
      workerVersion ??= message.version as WorkerDeploymentVersion;
      return proc;
    };
    let extraWorkers = 0;
    const startWorker = async (env: Record<string, string> = {}) => {
      const proc = await forkWorker(`worker-extra-${++extraWorkers}.log`, env);
      started.push(proc);
      return proc;
    };
    const uiOrigins = [`http://127.0.0.1:${opts.ports.temporalUi}`, `http://localhost:${opts.ports.temporalUi}`];
    // Replicas are named worker, worker-2, …, api, api-2, … (each supervised, each with its own log).
    const [workers, codec] = await Promise.all([
      Promise.all(Array.from({ length: workerReplicas }, (_, i) => keep(nth('worker', i), () => forkWorker(`${nth('worker', i)}.log`)))),
      keep('codec', async () =>
        (
          await forkService(
            'codec',
            join(DIST_DIR, 'codec', 'main.js'),
            { ...serviceEnv, ASKFLOW_CODEC_HOST: '127.0.0.1', ASKFLOW_CODEC_PORT: String(opts.ports.codec), ASKFLOW_CODEC_ORIGINS: process.env.ASKFLOW_CODEC_ORIGINS ?? uiOrigins.join(',') },
            join(logDir, 'codec.log'),
          )
        ).proc,
      ),
    ]);
    started.push(...workers, codec);
    // Versioned workers take no new runs until their version is the deployment's current one.
    if ((serviceEnv.ASKFLOW_WORKER_VERSIONING ?? 'off') !== 'off' && workerVersion) {
      await promoteVersion(readTemporalEnv(serviceEnv), workerVersion, { identity: 'askflow launcher' });
      opts.log(`worker deployment version ${workerVersion.deploymentName}/${workerVersion.buildId} is current`);
    }
    // One api listens on the api port itself; several listen on ports of their own behind the load balancer there.
    const apiPorts = apiReplicas === 1 ? [opts.ports.api] : await Promise.all(Array.from({ length: apiReplicas }, () => freePort()));
    const apiUrls: string[] = [];
    for (const [i, port] of apiPorts.entries()) {
      const api = await keep(nth('api', i), async () => {
        const { proc, message } = await forkService('api', join(DIST_DIR, 'api', 'main.js'), { ...serviceEnv, ...(await metricsEnv(nth('api', i))), HOST: '127.0.0.1', PORT: String(port) }, join(logDir, `${nth('api', i)}.log`));
        apiUrls[i] = `http://127.0.0.1:${String(message.port)}`;
        return proc;
      });
      started.push(api);
    }
    const loadBalancer = apiReplicas > 1 ? await startLoadBalancer({ host: '127.0.0.1', port: opts.ports.api, targets: () => apiUrls }) : null;
    if (loadBalancer) cleanups.unshift(() => loadBalancer.close());

    const metricsUrl = (name: string) => `http://127.0.0.1:${metricsPorts.get(name)}/metrics`;
    return {
      baseUrl: loadBalancer?.url ?? apiUrls[0]!,
      metricsUrls: [...apiPorts.map((_, i) => metricsUrl(nth('api', i))), ...workers.map((_, i) => metricsUrl(nth('worker', i)))],
      databaseUrl: postgres.url,
      temporalAddress: temporal.address,
      temporalNamespace: temporal.namespace,
      temporalUiUrl: temporal.uiUrl,
      codecUrl: `http://127.0.0.1:${opts.ports.codec}`,
      taskQueue: opts.taskQueue,
      logDir,
      serviceEnv,
      processes: started,
      supervised,
      loadBalancer,
      apiUrls,
      startWorker,
      stop,
    };
  } catch (err) {
    await Promise.allSettled(pending);
    await stop();
    throw err;
  }
}
