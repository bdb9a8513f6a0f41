// A replica joining a running test stack, for the tests (test/stack/replicas.ts) and the benches
// that crash or reconfigure one (bench/recovery.ts).
import { fork } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR } from './paths.js';
import type { TestStackInfo } from './testStack.js';

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
 * Another api or worker process on a test stack's Temporal and PostgreSQL, with its own
 * settings (a task queue of its own, a short rate-limit window…), to test what a second replica,
 * a crash or another configuration does to the real services.
 */
export async function startReplicaOn(info: TestStackInfo, kind: 'api' | 'worker', env: Record<string, string> = {}): Promise<Replica> {
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
