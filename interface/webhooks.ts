/** Webhook deliveries as the emitters, the worker, its activities and the workflow see them (types and definitions only). */

export const WEBHOOK_DELIVERY_WORKFLOW_TYPE = 'webhookDeliveryWorkflow';

/** The delivery workflow's id: one run per delivery at a time, whoever announces or redelivers it. */
export const deliveryWorkflowId = (deliveryId: string) => `webhook-${deliveryId}`;

/** Backoff between attempts, in milliseconds; the emitter's configuration, so tests can shorten it. */
export interface WebhookRetry {
  initialMs: number;
  coefficient: number;
  maxIntervalMs: number;
  /** How long attempts go on in all (Standard Webhooks senders retry for days; ours: 72 hours). */
  totalMs: number;
}

export const DEFAULT_WEBHOOK_RETRY: WebhookRetry = { initialMs: 5_000, coefficient: 4, maxIntervalMs: 3 * 3600_000, totalMs: 72 * 3600_000 };

export interface WebhookDeliveryInput {
  deliveryId: string;
  retry: WebhookRetry;
}

/** `delivered`; `gone`: the receiver answered 410 and the webhook was turned off; `skipped`: the webhook was off or deleted. */
export type DeliveryResult = 'delivered' | 'gone' | 'skipped';

export type WebhookDeliveryWorkflow = (input: WebhookDeliveryInput) => Promise<DeliveryResult | 'failed'>;

export interface WebhookActivities {
  /** One signed attempt; throws (retryably) unless the receiver answered 2xx or 410. */
  deliverWebhook(deliveryId: string, retry: WebhookRetry): Promise<DeliveryResult>;
  /** After the last attempt failed: the delivery is marked failed with why. */
  failWebhookDelivery(deliveryId: string, error: string): Promise<void>;
}

/** The retry policy the environment sets (ASKFLOW_WEBHOOK_RETRY_INITIAL_MS / _MAX_MS); always 72 hours in all. */
export function webhookRetryOf(env: { ASKFLOW_WEBHOOK_RETRY_INITIAL_MS: number; ASKFLOW_WEBHOOK_RETRY_MAX_MS: number }): WebhookRetry {
  return { ...DEFAULT_WEBHOOK_RETRY, initialMs: env.ASKFLOW_WEBHOOK_RETRY_INITIAL_MS, maxIntervalMs: Math.max(env.ASKFLOW_WEBHOOK_RETRY_INITIAL_MS, env.ASKFLOW_WEBHOOK_RETRY_MAX_MS) };
}
