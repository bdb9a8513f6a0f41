import {
  allHandlersFinished,
  CancellationScope,
  condition,
  isCancellation,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import { WorkflowStream } from '@temporalio/workflow-streams/workflow';
import type { AskResponse, Intent, StreamEvent, Usage } from '@askflow/contract';
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

// The model chooses a tool (a model call, or `local`'s quick matching).
const { chooseTool } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 4 },
});

// The project's own endpoint: each attempt signed afresh; retried with backoff on network
// errors, timeouts, 5xx and 429 (after its Retry-After), never on other 4xx.
const { callTool } = proxyActivities<Activities>({
  startToCloseTimeout: '75 seconds',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 5, nonRetryableErrorTypes: ['tool_failed'] },
});

// Generation may wait on a slow model; it heartbeats while it works so a lost worker is noticed
// in seconds, and is retried a few times before the ask fails clearly.
const { generateAnswer } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 4 },
});

function addUsage(a: Usage, b: Usage): Usage {
  return { promptTokens: a.promptTokens + b.promptTokens, completionTokens: a.completionTokens + b.completionTokens, totalTokens: a.totalTokens + b.totalTokens };
}

/** A tool that failed after its retries still gets a clear answer: the failure is the model's context. */
function toolFailure(name: string, err: unknown): string {
  if (isCancellation(err)) throw err;
  const cause = (err as { cause?: { message?: string } }).cause;
  return `The tool ${name} could not be used: ${cause?.message ?? (err as Error).message}`;
}

/**
 * One ask: classify → retrieve → choose and call a tool → generate → persist. Progress goes into the run's event log (a workflow
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

    let tool: { name: string; text: string } | null = null;
    let choiceUsage: Usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
    if (plan.tools) {
      const decision = await chooseTool(input);
      choiceUsage = decision.usage;
      if (decision.choice) {
        const { name, arguments: args } = decision.choice;
        events.publish({ type: 'thinking', phase: 'calling_tool' });
        events.publish({ type: 'tool.calling', name });
        tool = { name, text: await callTool(input, name, args).catch((err: unknown) => toolFailure(name, err)) };
      }
    }

    // The question needed the knowledge when retrieval found relevant chunks, a tool when the model chose one.
    const intent: Intent = tool ? (passages.length ? 'rag_tools' : 'tools') : passages.length ? 'rag' : 'vanilla';
    upsertSearchAttributes([{ key: SEARCH_ATTRIBUTES.intent, value: intent }]);

    events.publish({ type: 'thinking', phase: 'generating' });
    const generated = await generateAnswer(input, [
      ...passages.map((p) => ({ source: `${p.document}#${p.chunkIndex}`, text: p.text, kind: 'chunk' as const })),
      ...(tool ? [{ source: tool.name, text: tool.text, kind: 'tool' as const }] : []),
    ]);
    const response: AskResponse = {
      threadId: input.threadId,
      answer: generated.answer,
      intent,
      toolUsed: tool?.name ?? null,
      ragChunksUsed: passages.length,
      usage: addUsage(generated.usage, choiceUsage),
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
