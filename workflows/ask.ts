import {
  allHandlersFinished,
  CancellationScope,
  condition,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import { WorkflowStream } from '@temporalio/workflow-streams/workflow';
import type { AskResponse, Intent, StreamEvent } from '@askflow/contract';
import type { Activities, AskWorkflowInput, RetrievedPassage } from '../activities/index.js';
import { ASK_EVENTS_TOPIC, askEventsQuery, eventsFrom } from './askEvents.js';
import { describeAskFailure } from './failureCode.js';
import { SEARCH_ATTRIBUTES } from './searchAttributes.js';

// Short database-bound steps run as local activities: no round trip through the server's task
// queues, which is most of an ask's latency. Idempotent, so retried on any failure.
const { classifyIntent, persistTurn } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '5 seconds', maximumAttempts: 10 },
});

// Retrieval embeds the question (possibly with a remote model): local, but with room for that.
const { retrieveChunks } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '5 seconds', maximumAttempts: 5 },
});

// Generation may wait on a slow model; it heartbeats while it works so a lost worker is noticed
// in seconds, and is retried a few times before the ask fails clearly.
const { generateAnswer } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 4 },
});

/**
 * One ask: classify → generate → persist. Progress goes into the run's event log (a workflow
 * stream): the workflow publishes phases, `done` and `error`; the generation activity publishes
 * `delta`s. Deterministic; all I/O happens in activities.
 */
export async function askWorkflow(input: AskWorkflowInput): Promise<AskResponse> {
  const stream = new WorkflowStream();
  const events = stream.topic<StreamEvent>(ASK_EVENTS_TOPIC);
  setHandler(askEventsQuery, (from) => eventsFrom(stream, from));

  try {
    events.publish({ type: 'thinking', phase: 'classifying' });
    const plan = await classifyIntent(input);

    let passages: RetrievedPassage[] = [];
    if (plan.retrieve) {
      events.publish({ type: 'thinking', phase: 'retrieving' });
      passages = await retrieveChunks(input.tenantId, input.message);
      events.publish({ type: 'retrieval', chunks: passages.length, sources: [...new Set(passages.map((p) => p.document))] });
    }
    // The question needed the knowledge when retrieval found relevant chunks.
    const intent: Intent = passages.length ? 'rag' : 'vanilla';
    upsertSearchAttributes([{ key: SEARCH_ATTRIBUTES.intent, value: intent }]);

    events.publish({ type: 'thinking', phase: 'generating' });
    const generated = await generateAnswer(input, passages.map((p) => ({ source: `${p.document}#${p.chunkIndex}`, text: p.text })));
    const response: AskResponse = {
      threadId: input.threadId,
      answer: generated.answer,
      intent,
      toolUsed: null,
      ragChunksUsed: passages.length,
      usage: generated.usage,
      model: generated.model,
      ...(passages.length ? { sources: passages.map((p) => ({ documentId: p.documentId, document: p.document, chunk: p.chunkIndex, score: p.score })) } : {}),
    };
    await persistTurn(input, response, workflowInfo().workflowId);
    events.publish({ type: 'done', ...response });
    return response;
  } catch (err) {
    events.publish({ type: 'error', ...describeAskFailure(err) });
    throw err;
  } finally {
    // Hand the last events to parked readers and turn new ones away (they catch up by query),
    // then close only once every handler is done — even when the run was cancelled.
    stream.detachPollers();
    await CancellationScope.nonCancellable(() => condition(allHandlersFinished));
  }
}
