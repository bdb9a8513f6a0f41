import { fork } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR } from '../../infra/paths.js';
import { stackInfo } from './context.js';

export interface Replica {
  /** Set for an api replica. */
  baseUrl: string | null;
  pid: number;
  /** Where its stdout and stderr (JSON log lines) go. */
  logFile: string;
  /** SIGTERM, and wait for it to exit. */
  stop(): Promise<void>;
  /** SIGKILL: a crash, nothing drained. */
  kill(): Promise<void>;
}

/**
 * Another api or worker process on the test stack's Temporal and PostgreSQL, with its own
 * settings (a task queue of its own, a short rate-limit window…), to test what a second replica,
 * a crash or another configuration does to the real services.
 */
export async function startReplica(kind: 'api' | 'worker', env: Record<string, string> = {}): Promise<Replica> {
  const info = stackInfo();
  const logFile = join(info.logDir, `${kind}-replica-${process.pid}-${Date.now()}.log`);
  const log = openSync(logFile, 'a');
  const child = fork(join(DIST_DIR, kind, 'main.js'), [], {
    env: {
      ...process.env,
      DATABASE_URL: info.databaseUrl,
      TEMPORAL_ADDRESS: info.temporalAddress,
      TEMPORAL_NAMESPACE: info.temporalNamespace,
      TEMPORAL_TASK_QUEUE: info.taskQueue,
      ASKFLOW_MASTER_KEY: info.masterKey,
      ASKFLOW_ALLOW_PRIVATE_URLS: 'loopback',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    // Output goes to the stack's log folder (kept with ASKFLOW_KEEP_TEST_DATA=1), not the test report.
    stdio: ['ignore', log, log, 'ipc'],
  });
  closeSync(log);
  const ready = await new Promise<{ port?: number }>((resolve, reject) => {
    child.on('message', (m: { ready?: boolean; port?: number }) => m.ready && resolve(m));
    child.once('exit', (code) => reject(new Error(`${kind} replica exited (${code}) before it was ready`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    baseUrl: ready.port ? `http://127.0.0.1:${ready.port}` : null,
    pid: child.pid!,
    logFile,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}

export interface OwnReplicas {
  api: Replica;
  worker: Replica;
  /** Stops both (whichever are still running). */
  stop(): Promise<void>;
}

/**
 * An api and a worker on a task queue of their own (`name` and this process's id): no other
 * test's worker takes their asks, and stopping or configuring them touches no other test.
 */
export async function startOwnReplicas(name: string, env: { worker?: Record<string, string> } = {}): Promise<OwnReplicas> {
  const taskQueue = `${name}-${process.pid}`;
  const api = await startReplica('api', { TEMPORAL_TASK_QUEUE: taskQueue });
  const worker = await startReplica('worker', { TEMPORAL_TASK_QUEUE: taskQueue, ...env.worker }).catch(async (err: unknown) => {
    await api.stop();
    throw err;
  });
  return { api, worker, stop: async () => void (await Promise.all([api.stop(), worker.stop()])) };
}
