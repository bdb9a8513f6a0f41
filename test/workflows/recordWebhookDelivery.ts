import type { Client } from '@temporalio/client';
import { deliveryWorkflowId, type WebhookDeliveryWorkflow } from '../../interface/webhooks.js';
import { expectJson } from '../stack/context.js';
import { webhookReceiver } from '../manage/webhookReceiver.js';

type Send = (method: string, path: string, body?: unknown) => Promise<Response>;

/**
 * A webhook delivery's run to record: its receiver fails the first attempt, so the history holds
 * a retried activity. `manage` and `ask` go through the recording api; returns the run's id once it ended.
 */
export async function webhookDeliveryRun(client: Client, tenantId: string, manage: Send, ask: (message: string) => Promise<unknown>): Promise<string> {
  let secret = '';
  const receiver = await webhookReceiver(() => secret);
  try {
    receiver.answer(500);
    const created = await expectJson<{ id: string; secret: string }>(await manage('POST', `/projects/${tenantId}/webhooks`, { url: receiver.url, events: ['ask.completed'] }), 201);
    secret = created.secret;
    await ask('Tell my webhook');
    await receiver.waitFor(1);
    receiver.answer(200);
    await receiver.waitFor(2);
    const { deliveries } = await expectJson<{ deliveries: { id: string }[] }>(await manage('GET', `/projects/${tenantId}/webhooks/${created.id}/deliveries`), 200);
    const workflowId = deliveryWorkflowId(deliveries[0]!.id);
    await client.workflow.getHandle<WebhookDeliveryWorkflow>(workflowId).result();
    return workflowId;
  } finally {
    await receiver.close();
  }
}
