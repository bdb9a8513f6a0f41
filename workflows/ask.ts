import { proxyActivities, proxyLocalActivities, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import type { AskResponse } from '@askflow/contract';
import type { Activities, AskWorkflowInput } from '../activities/index.js';
import { SEARCH_ATTRIBUTES } from './searchAttributes.js';

// Short database-bound steps run as local activities: no round trip through the server's task
// queues, which is most of an ask's latency. Idempotent, so retried on any failure.
const { classifyIntent, persistTurn } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '5 seconds', maximumAttempts: 10 },
});

// Generation may wait on a slow model; it is retried a few times, then the ask fails clearly.
const { generateAnswer } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 4 },
});

/** One ask: classify → generate → persist. Deterministic; all I/O happens in activities. */
export async function askWorkflow(input: AskWorkflowInput): Promise<AskResponse> {
  const { intent } = await classifyIntent(input);
  upsertSearchAttributes([{ key: SEARCH_ATTRIBUTES.intent, value: intent }]);

  const generated = await generateAnswer(input);
  const response: AskResponse = {
    threadId: input.threadId,
    answer: generated.answer,
    intent,
    toolUsed: null,
    ragChunksUsed: 0,
    usage: generated.usage,
    model: generated.model,
  };
  await persistTurn(input, response, workflowInfo().workflowId);
  return response;
}
