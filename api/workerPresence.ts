import type { Connection } from '@temporalio/client';
import proto from '@temporalio/proto';

// A CommonJS package: its namespaces come off the default export.
const { TaskQueueKind, TaskQueueType } = proto.temporal.api.enums.v1;

/**
 * A worker long-polls its task queue without a pause: each poll is recorded when it arrives and
 * lasts up to about a minute when there is nothing to do. A poller last seen longer ago than that
 * is gone (Temporal itself lists pollers for five minutes).
 */
const POLLER_FRESH_MS = 70_000;
/** How long a yes is reused: the ask path asks on every request, Temporal once per interval. */
const CACHE_MS = 1_500;
/** A no is reused only briefly: a worker that just started is seen as soon as its first poll lands. */
const CACHE_NO_MS = 250;
/** Before refusing an ask, the no is checked once more after this long (a worker in its first second). */
const CONFIRM_NO_AFTER_MS = 1_000;

export interface WorkerPresence {
  /** Whether a worker polls the ask task queue now (cached briefly; false when Temporal cannot say). */
  available(): Promise<boolean>;
  /** As available(), but a no is confirmed once more a second later: what an ask is refused on. */
  confirmed(): Promise<boolean>;
}

/** Whether some worker polls `taskQueue`, by Temporal's DescribeTaskQueue (workflow pollers). */
export function workerPresence(connection: Connection, namespace: string, taskQueue: string): WorkerPresence {
  let cached: { at: number; value: Promise<boolean>; answer?: boolean } | null = null;
  const describe = async (): Promise<boolean> => {
    try {
      const { pollers } = await connection.workflowService.describeTaskQueue({
        namespace,
        taskQueue: { name: taskQueue, kind: TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
        taskQueueType: TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
      });
      const now = Date.now();
      return pollers.some((p) => {
        const seconds = Number(p.lastAccessTime?.seconds ?? 0);
        return now - seconds * 1000 < POLLER_FRESH_MS;
      });
    } catch {
      return false;
    }
  };
  const available = () => {
    const age = cached ? Date.now() - cached.at : Infinity;
    if (!cached || age > CACHE_MS || (cached.answer === false && age > CACHE_NO_MS)) {
      const entry: NonNullable<typeof cached> = { at: Date.now(), value: describe() };
      void entry.value.then((answer) => (entry.answer = answer));
      cached = entry;
    }
    return cached.value;
  };
  return {
    available,
    async confirmed() {
      if (await available()) return true;
      await new Promise((r) => setTimeout(r, CONFIRM_NO_AFTER_MS));
      return available();
    },
  };
}
