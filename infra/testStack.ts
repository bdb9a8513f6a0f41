/**
 * The stack `npm test` runs against: the same Temporal dev server, PostgreSQL, worker and api
 * as `npm start`, on free ports (infra/ports.ts) and in a folder of its own, so it runs beside a live
 * `npm start` and leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STATE_DIR } from './paths.js';
import { freePort } from './ports.js';
import { isAlive } from './processes.js';
import { startStack, type Stack } from './stack.js';
import pg from 'pg';

/** Written into a run's folder kept on purpose (ASKFLOW_KEEP_TEST_DATA=1), which stays. */
const KEPT_MARK = 'kept';

/**
 * Folders of earlier runs whose process is gone: a run killed before its dispose (SIGKILL, a
 * timed-out CI step) leaves its folder, and its programs went with it (infra/processes.ts). A
 * folder kept with ASKFLOW_KEEP_TEST_DATA=1 stays.
 */
export function removeFoldersOfDeadRuns(stateDir = STATE_DIR): void {
  let names: string[];
  try {
    names = readdirSync(stateDir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^test-(\d+)(?:-cluster)?$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid) || existsSync(join(stateDir, name, KEPT_MARK))) continue;
    rmSync(join(stateDir, name), { recursive: true, force: true });
  }
}

const membershipPorts = async (): Promise<[number, number, number, number]> => [await freePort(), await freePort(), await freePort(), await freePort()];

async function dropDatabases(url: string, names: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export interface TestStackInfo {
  baseUrl: string;
  databaseUrl: string;
  temporalAddress: string;
  temporalNamespace: string;
  temporalUiUrl: string | null;
  codecUrl: string;
  taskQueue: string;
  logDir: string;
  masterKey: string;
  /** Prometheus `/metrics` of each api, then each worker. */
  metricsUrls: string[];
}

type TestStackOptions = { logLevel?: string; temporal?: 'dev' | 'cluster'; apiReplicas?: number; workerReplicas?: number; serviceEnv?: Record<string, string> };

async function startOn(dir: string, opts: TestStackOptions): Promise<Stack> {
  rmSync(dir, { recursive: true, force: true });
  const [api, temporal, temporalUi, temporalHttp, temporalMetrics, postgres, codec] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
  return startStack({
    dir,
    ports: {
      api, temporal, temporalUi, temporalHttp, temporalMetrics, postgres, codec,
      ...(opts.temporal === 'cluster'
        ? { temporalInternal: { history: await freePort(), matching: await freePort(), worker: await freePort(), membership: await membershipPorts() } }
        : {}),
    },
    temporal: opts.temporal ?? 'dev',
    apiReplicas: opts.apiReplicas ?? 1,
    workerReplicas: opts.workerReplicas ?? 1,
    // Webhook retries within a test's patience (production: 5 s growing to 3 hours).
    serviceEnv: { ASKFLOW_WEBHOOK_RETRY_INITIAL_MS: '500', ASKFLOW_WEBHOOK_RETRY_MAX_MS: '2000', ASKFLOW_WEBHOOK_SWEEP_MS: '1000', ...opts.serviceEnv },
    // On a given PostgreSQL server, the cluster's databases are this run's own (dropped afterwards).
    clusterDatabase: `askflow_temporal_${process.pid}`,
    taskQueue: `askflow-test-${process.pid}`,
    scratchDatabase: true,
    logLevel: opts.logLevel ?? 'debug',
    masterKey: randomBytes(32).toString('base64'),
    log: (m) => console.log(`[askflow] ${m}`),
  });
}

/**
 * `logLevel`: the tests log at `debug`, to be read after a failure; the benches pass `info`, the
 * level `npm start` runs at, since writing debug lines is a cost of its own.
 */
export async function startTestStack(opts: TestStackOptions = {}): Promise<{ stack: Stack; info: TestStackInfo; dispose(): Promise<void> }> {
  removeFoldersOfDeadRuns();
  const dir = join(STATE_DIR, `test-${process.pid}${opts.temporal === 'cluster' ? '-cluster' : ''}`);
  // A port found free can still be taken before our server binds it — by another process
  // choosing ports at the same moment (infra/ports.ts keeps outgoing connections off them):
  // start again on fresh ports, a few times.
  let stack: Stack | undefined;
  for (let attempt = 1; !stack; attempt++) {
    try {
      stack = await startOn(dir, opts);
    } catch (err) {
      if (attempt >= 3 || !/address already in use|EADDRINUSE|is already in use/i.test((err as Error).message)) throw err;
      console.log(`[askflow] a port was taken while the test stack started; starting again (attempt ${attempt + 1})`);
    }
  }
  const info: TestStackInfo = {
    baseUrl: stack.baseUrl,
    databaseUrl: stack.databaseUrl,
    temporalAddress: stack.temporalAddress,
    temporalNamespace: stack.temporalNamespace,
    temporalUiUrl: stack.temporalUiUrl,
    codecUrl: stack.codecUrl,
    taskQueue: stack.taskQueue,
    logDir: stack.logDir,
    masterKey: stack.serviceEnv.ASKFLOW_MASTER_KEY!,
    metricsUrls: stack.metricsUrls,
  };
  return {
    stack,
    info,
    async dispose() {
      await stack.stop();
      if (opts.temporal === 'cluster' && process.env.DATABASE_URL) await dropDatabases(process.env.DATABASE_URL, [`askflow_temporal_${process.pid}`, `askflow_temporal_${process.pid}_visibility`]);
      // Logs stay for a failed run to be read; set ASKFLOW_KEEP_TEST_DATA=1 to keep everything.
      if (!process.env.ASKFLOW_KEEP_TEST_DATA) rmSync(dir, { recursive: true, force: true });
      else writeFileSync(join(dir, KEPT_MARK), 'ASKFLOW_KEEP_TEST_DATA was set: the next test stack leaves this folder alone.\n');
    },
  };
}
