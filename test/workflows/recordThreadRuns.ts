import type { Client } from '@temporalio/client';
import { AskAcceptedSchema } from '@askflow/contract';
import { expectJson } from '../stack/context.js';
import { startChatCompletionsServer } from '../fakes/chatCompletionsServer.js';

type Send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Response>;

/**
 * Runs of the thread queue to record, on a project of `tenantId` whose model is a slow local
 * chat-completions server: an ask that waited its turn behind another (`queued`: the queue check,
 * the timer, the signal), and one cancelled by a newer ask under `interrupt` (`interrupted`: the
 * failure step under cancellation). `manage` and `ask` go through the recording api.
 */
export async function threadRuns(client: Client, tenantId: string, manage: Send, ask: Send): Promise<{ queued: string; interrupted: string }> {
  const model = await startChatCompletionsServer();
  try {
    await expectJson(await manage('PUT', `/projects/${tenantId}/providers/openai`, { baseUrl: model.baseUrl, apiKey: model.apiKey }), 200);
    await expectJson(await manage('PATCH', `/projects/${tenantId}`, { chatModel: 'openai:gpt-4o-mini', threadConcurrency: 'enqueue' }), 200);
    model.script({ delayMs: 1000, content: 'First.' }, { content: 'Second.' });
    const first = AskAcceptedSchema.parse(await expectJson(await ask('POST', '/service/ask', { message: 'First question' }, { Prefer: 'respond-async' }), 202));
    const second = await ask('POST', '/service/ask', { threadId: first.threadId, message: 'Second question' });
    await expectJson(second, 200);
    const queued = second.headers.get('askflow-ask-id')!;

    await expectJson(await manage('PATCH', `/projects/${tenantId}`, { threadConcurrency: 'interrupt' }), 200);
    model.script({ delayMs: 5000, content: 'Never heard.' }, { content: 'Heard.' });
    const slow = AskAcceptedSchema.parse(await expectJson(await ask('POST', '/service/ask', { threadId: first.threadId, message: 'Slow question' }, { Prefer: 'respond-async' }), 202));
    for (let i = 0; i < 100 && model.requests.length < 3; i++) await new Promise((r) => setTimeout(r, 50));
    await expectJson(await ask('POST', '/service/ask', { threadId: first.threadId, message: 'Never mind' }), 200);
    await client.workflow.getHandle(slow.askId).result().catch(() => undefined);
    return { queued, interrupted: slow.askId };
  } finally {
    await model.close();
  }
}
