// Announcing an event to a project's webhooks, for the api (budget refusals) and the worker's
// activities (answered asks, ingested documents) alike: the deliveries are written first (the
// outbox), then one Temporal workflow per delivery makes the attempts. Both steps are idempotent,
// so an announcer retried after a crash neither loses nor doubles a delivery.
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/common';
import type { WebhookEvent } from '@askflow/contract';
import type { Pool } from '../store/pool.js';
import { addDeliveries, requeueDelivery, stalledDeliveries, type Announcement } from '../store/webhooks.js';
import { deliveryWorkflowId, WEBHOOK_DELIVERY_WORKFLOW_TYPE, type WebhookDeliveryWorkflow, type WebhookRetry } from './webhooks.js';

export interface WebhookOutbox {
  pool: Pool;
  temporal: Client;
  /** Deliveries run on the announcing process's own task queue. */
  taskQueue: string;
  retry: WebhookRetry;
}

/** Workflows started at once: a batch of documents can announce hundreds of deliveries. */
const STARTS_AT_ONCE = 8;

export interface EventOccurrence {
  /** What the event is about; the same subject announced twice is delivered once per webhook. */
  subjectId: string;
  data: Record<string, unknown>;
  /** When it happened; default now. */
  at?: Date;
}

/** Announces occurrences of one event of a project; a no-op (one indexed query) when no webhook wants it. */
export async function announce(outbox: WebhookOutbox, projectId: string, event: WebhookEvent, occurrences: EventOccurrence[]): Promise<number> {
  const ids = await addDeliveries(outbox.pool, projectId, event, occurrences.map((o) => deliveryOf(event, o)));
  await startDeliveries(outbox, ids);
  return ids.length;
}

/** The delivery's message for an occurrence of `event`, as written to the outbox. */
export function deliveryOf(event: WebhookEvent, o: EventOccurrence): Announcement {
  return { subjectId: o.subjectId, payload: { type: event, timestamp: (o.at ?? new Date()).toISOString(), data: o.data } };
}

/** Starts the workflows of deliveries written to the outbox (each at most once, a few at a time). */
export async function startDeliveries(outbox: WebhookOutbox, ids: string[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(STARTS_AT_ONCE, ids.length) }, async () => {
      while (next < ids.length) await startDelivery(outbox, ids[next++]!, false);
    }),
  );
}

/**
 * The same message (id and body) sent again now, with attempts of its own: a run still waiting
 * to retry (or just finishing) is replaced, so "redeliver" never joins a run about to end.
 */
export async function redeliver(outbox: WebhookOutbox, deliveryId: string): Promise<void> {
  await requeueDelivery(outbox.pool, deliveryId);
  await startDelivery(outbox, deliveryId, true);
}

/**
 * Starts the workflows of deliveries left unattempted for `olderThanSeconds` (an announcer that stopped
 * between writing them and starting them: a crash, Temporal unreachable). Any worker may run it,
 * any number of times: a delivery's workflow starts once. Returns how many were found.
 */
export async function restartStalledDeliveries(outbox: WebhookOutbox, olderThanSeconds: number): Promise<number> {
  const ids = await stalledDeliveries(outbox.pool, olderThanSeconds);
  for (const id of ids) await startDelivery(outbox, id, false);
  return ids.length;
}

async function startDelivery(outbox: WebhookOutbox, deliveryId: string, again: boolean): Promise<void> {
  try {
    await outbox.temporal.workflow.start<WebhookDeliveryWorkflow>(WEBHOOK_DELIVERY_WORKFLOW_TYPE, {
      taskQueue: outbox.taskQueue,
      workflowId: deliveryWorkflowId(deliveryId),
      args: [{ deliveryId, retry: outbox.retry }],
      // A first announcement never repeats a delivery that already ran, nor starts a second run
      // beside one; a redelivery starts afresh either way.
      workflowIdConflictPolicy: again ? WorkflowIdConflictPolicy.TERMINATE_EXISTING : WorkflowIdConflictPolicy.USE_EXISTING,
      workflowIdReusePolicy: again ? WorkflowIdReusePolicy.ALLOW_DUPLICATE : WorkflowIdReusePolicy.REJECT_DUPLICATE,
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}
