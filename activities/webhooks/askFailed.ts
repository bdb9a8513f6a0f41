import type { AskWorkflowInput } from '../../interface/ask.js';
import { describeAskFailure } from '../../interface/failures.js';
import { announce, type WebhookOutbox } from '../../interface/webhookOutbox.js';

/**
 * `ask.failed` to the project's webhooks, from the ask workflow's failure path: what the caller
 * was told (the same code and message the api answers with). Idempotent on the ask id, so a
 * retried failure step announces once. `failure` is the workflow's error, or `{code, message}`
 * already described.
 */
export async function announceAskFailed(deps: { webhooks?: WebhookOutbox | undefined }, input: AskWorkflowInput, workflowId: string, failure: unknown): Promise<void> {
  if (!deps.webhooks) return;
  const described = isDescribed(failure) ? failure : describeAskFailure(failure);
  await announce(deps.webhooks, input.tenantId, 'ask.failed', [
    {
      subjectId: workflowId,
      data: { askId: workflowId, threadId: input.threadId, externalUserId: input.externalUserId, model: input.model, code: described.code, message: described.message },
    },
  ]);
}

function isDescribed(f: unknown): f is { code: string; message: string } {
  return typeof f === 'object' && f !== null && typeof (f as { code?: unknown }).code === 'string' && typeof (f as { message?: unknown }).message === 'string';
}
