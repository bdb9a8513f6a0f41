import type { Client } from '@temporalio/client';
import type { WebhookOutbox } from '../interface/webhookOutbox.js';
import { DEFAULT_WEBHOOK_RETRY, type WebhookRetry } from '../interface/webhooks.js';
import type { Pool } from '../store/pool.js';

/** What the api announces webhook events with (budget refusals, redeliveries). */
export interface WebhookOutboxDeps {
  pool: Pool;
  temporal: Client;
  /** Deliveries run on the api's own task queue, as its asks do. */
  taskQueue: string;
  /** Their backoff; default DEFAULT_WEBHOOK_RETRY. */
  webhookRetry?: WebhookRetry;
}

export const webhookOutboxOf = (deps: WebhookOutboxDeps): WebhookOutbox => ({ pool: deps.pool, temporal: deps.temporal, taskQueue: deps.taskQueue, retry: deps.webhookRetry ?? DEFAULT_WEBHOOK_RETRY });
