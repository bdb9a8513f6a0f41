// A replica joining a running test stack, for the tests (test/stack/replicas.ts) and the benches
// that crash or reconfigure one (bench/recovery.ts).
import { join } from 'node:path';
import { DIST_DIR } from './paths.js';
import { forkService } from './processes.js';
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
 * a crash or another configuration does to the real services. Forked as the stack forks its own.
 */
export async function startReplicaOn(info: TestStackInfo, kind: 'api' | 'worker', env: Record<string, string> = {}): Promise<Replica> {
  // Output goes to the stack's log folder (kept with ASKFLOW_KEEP_TEST_DATA=1), not the test report.
  const logFile = join(info.logDir, `${kind}-replica-${process.pid}-${Date.now()}.log`);
  const { proc, message } = await forkService(
    `${kind}-replica`,
    join(DIST_DIR, kind, 'main.js'),
    {
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
    logFile,
  );
  const { child } = proc;
  const exited = new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
  return {
    baseUrl: typeof message.port === 'number' ? `http://127.0.0.1:${message.port}` : null,
    pid: child.pid!,
    logFile,
    stop: () => proc.stop(),
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
