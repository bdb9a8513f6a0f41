import { startReplicaOn, type Replica } from '../../infra/replica.js';
import { stackInfo } from './context.js';

export type { Replica } from '../../infra/replica.js';

/** Another api or worker process on the test stack (infra/replica.ts). */
export function startReplica(kind: 'api' | 'worker', env: Record<string, string> = {}): Promise<Replica> {
  return startReplicaOn(stackInfo(), kind, env);
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
