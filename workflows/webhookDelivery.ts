import { proxyActivities } from '@temporalio/workflow';
import type { DeliveryResult, WebhookActivities, WebhookDeliveryInput } from '../interface/webhooks.js';

const { failWebhookDelivery } = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/**
 * One webhook delivery: attempts with backoff until the receiver answers 2xx (or 410), for up to
 * the policy's total (72 hours). The waits between attempts are Temporal's retry timers, so a
 * worker restarting meanwhile loses nothing; when attempts run out the delivery is marked failed.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<DeliveryResult | 'failed'> {
  const { deliverWebhook } = proxyActivities<WebhookActivities>({
    // An attempt is a 15 s request and two writes; an attempt lost with its worker is retried after this.
    startToCloseTimeout: '30 seconds',
    scheduleToCloseTimeout: input.retry.totalMs,
    retry: { initialInterval: input.retry.initialMs, backoffCoefficient: input.retry.coefficient, maximumInterval: input.retry.maxIntervalMs },
  });
  try {
    return await deliverWebhook(input.deliveryId, input.retry);
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause;
    await failWebhookDelivery(input.deliveryId, cause?.message ?? (err as Error).message);
    return 'failed';
  }
}
