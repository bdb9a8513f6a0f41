import { allHandlersFinished, CancellationScope, condition, isCancellation, setHandler, upsertSearchAttributes, workflowInfo, type ActivityOptions, type LocalActivityOptions } from '@temporalio/workflow';
import { WorkflowStream } from '@temporalio/workflow-streams/workflow';
import type { AskResponse, Intent, StreamEvent, Usage } from '@askflow/contract';
import { intentOf, knowledgePassage, type AskWorkflowInput, type ContextPassage, type GeneratedAnswer, type RetrievedPassage, type ToolDecision } from '../interface/ask.js';
import { ASK_EVENTS_TOPIC, askEventsQuery } from '../interface/askEvents.js';
import { describeAskFailure, FAILURE_TYPES } from '../interface/failures.js';
import { GENERATION_ATTEMPTS } from '../interface/generation.js';
import { SEARCH_ATTRIBUTES } from '../interface/searchAttributes.js';
import { eventsFrom } from './askEvents.js';

/**
 * The course of an ask that every version of the ask workflow shares — the event log, the order
 * of the steps, how the intent and the answer follow from what the steps found — and the steps'
 * options. A version supplies its own steps (its activities), so its recorded commands stay its own.
 */

/**
 * How long an ask's activity (generation, a tool call) may go unheard before Temporal gives it to
 * another worker: the stall a client sees when the worker answering it dies. It was 20 s for
 * generation (a streamed ask stood still 20 s after such a loss, `npm run bench:recovery`). The
 * activities beat every second (activities/heartbeat.ts) and the worker sends a beat at least
 * every 2 s (worker/main.ts), so a live worker has three beats' room.
 */
const ACTIVITY_HEARTBEAT_TIMEOUT = '6 seconds';

/** Short database-bound steps (plan, persist): local activities, idempotent, retried on any failure. */
export const DATABASE_STEP: LocalActivityOptions = {
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', backoffCoefficient: 2, maximumInterval: '5 seconds', maximumAttempts: 10 },
};

/** Retrieval embeds the question (possibly with a remote model): local, but with room for that. */
export const RETRIEVAL_STEP: LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '5 seconds', maximumAttempts: 5 },
};

/** The model chooses a tool (a model call, or `local`'s quick matching). */
export const TOOL_CHOICE_STEP: LocalActivityOptions = {
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 4 },
};

/**
 * The project's own endpoint: each attempt signed afresh; retried with backoff on network
 * errors, timeouts, 5xx and 429 (after its Retry-After), never on other 4xx.
 */
export const TOOL_CALL_STEP: ActivityOptions = {
  startToCloseTimeout: '75 seconds',
  heartbeatTimeout: ACTIVITY_HEARTBEAT_TIMEOUT,
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 5, nonRetryableErrorTypes: [FAILURE_TYPES.toolFailed] },
};

/**
 * Generation may wait on a slow model; it heartbeats while it works so a lost worker is noticed
 * in seconds, and is retried a few times before the ask fails clearly.
 */
export const GENERATION_STEP: ActivityOptions = {
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: ACTIVITY_HEARTBEAT_TIMEOUT,
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: GENERATION_ATTEMPTS },
};

/**
 * Generation for a JSON ask, where no reader waits on the event log: a local activity, so the
 * ask is one workflow task with no activity task to dispatch. The worker running it holds the
 * workflow task (heartbeating it past its 10 s timeout); a lost worker is noticed by that timeout.
 */
export const LOCAL_GENERATION_STEP: LocalActivityOptions = {
  startToCloseTimeout: GENERATION_STEP.startToCloseTimeout!,
  retry: GENERATION_STEP.retry!,
};

export const NO_USAGE: Usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };

/** The run's event log (a workflow stream), readable by query from any offset. */
export function openEventLog() {
  const stream = new WorkflowStream();
  setHandler(askEventsQuery, (from) => eventsFrom(stream, from));
  return { stream, events: stream.topic<StreamEvent>(ASK_EVENTS_TOPIC) };
}

/**
 * Hands the last events to parked readers and turns new ones away (they catch up by query),
 * then waits until every handler is done — even when the run was cancelled.
 */
export async function closeEventLog(stream: WorkflowStream): Promise<void> {
  stream.detachPollers();
  await CancellationScope.nonCancellable(() => condition(allHandlersFinished));
}

/** A tool that failed after its retries still gets a clear answer: the failure is the model's context. */
export function toolFailure(name: string, err: unknown): string {
  if (isCancellation(err)) throw err;
  const cause = (err as { cause?: { message?: string } }).cause;
  return `The tool ${name} could not be used: ${cause?.message ?? (err as Error).message}`;
}

export interface ToolResult {
  name: string;
  text: string;
}

/**
 * The question needed the knowledge when retrieval found relevant chunks, a tool when the model
 * chose one. Recorded on the run as a search attribute (a command).
 */
export function recordIntent(usedTool: boolean, passages: RetrievedPassage[]): Intent {
  const intent = intentOf(usedTool, passages);
  upsertSearchAttributes([{ key: SEARCH_ATTRIBUTES.intent, value: intent }]);
  return intent;
}

/** What the answer may draw on: the chunks found and the tool's result. */
function contextOf(passages: RetrievedPassage[], tool: ToolResult | null): ContextPassage[] {
  return [
    ...passages.map(knowledgePassage),
    ...(tool ? [{ source: tool.name, text: tool.text, kind: 'tool' as const }] : []),
  ];
}

function answerOf(input: AskWorkflowInput, generated: GeneratedAnswer, intent: Intent, tool: ToolResult | null, passages: RetrievedPassage[], choiceUsage: Usage): AskResponse {
  const usage = generated.usage;
  return {
    threadId: input.threadId,
    answer: generated.answer,
    intent,
    toolUsed: tool?.name ?? null,
    ragChunksUsed: passages.length,
    usage: { promptTokens: usage.promptTokens + choiceUsage.promptTokens, completionTokens: usage.completionTokens + choiceUsage.completionTokens, totalTokens: usage.totalTokens + choiceUsage.totalTokens },
    model: generated.model,
    ...(passages.length ? { sources: passages.map((p) => ({ documentId: p.documentId, document: p.document, chunk: p.chunkIndex, score: p.score })) } : {}),
  };
}

/** The steps of one version of the ask, each an activity call; `P` is what its first step decides. */
export interface AskSteps<P> {
  plan(): Promise<P>;
  usesKnowledge(plan: P): boolean;
  usesTools(plan: P): boolean;
  retrieve(plan: P): Promise<RetrievedPassage[]>;
  chooseTool(plan: P): Promise<ToolDecision>;
  callTool(plan: P, name: string, args: Record<string, unknown>): Promise<string>;
  generate(plan: P, context: ContextPassage[]): Promise<GeneratedAnswer>;
  persist(plan: P, response: AskResponse, workflowId: string): Promise<unknown>;
}

/**
 * One ask: plan → retrieve → choose and call a tool → generate → persist. Progress goes into the
 * run's event log: phases, `retrieval`, `tool.calling`, `done` and `error` from here, `delta`s
 * from the generation activity.
 */
export async function runAsk<P>(input: AskWorkflowInput, steps: AskSteps<P>): Promise<AskResponse> {
  const { stream, events } = openEventLog();
  try {
    events.publish({ type: 'thinking', phase: 'classifying' });
    const plan = await steps.plan();

    let passages: RetrievedPassage[] = [];
    if (steps.usesKnowledge(plan)) {
      events.publish({ type: 'thinking', phase: 'retrieving' });
      passages = await steps.retrieve(plan);
      events.publish({ type: 'retrieval', chunks: passages.length, sources: [...new Set(passages.map((p) => p.document))] });
    }

    let tool: ToolResult | null = null;
    let choiceUsage = NO_USAGE;
    if (steps.usesTools(plan)) {
      const decision = await steps.chooseTool(plan);
      choiceUsage = decision.usage;
      if (decision.choice) {
        const { name, arguments: args } = decision.choice;
        events.publish({ type: 'thinking', phase: 'calling_tool' });
        events.publish({ type: 'tool.calling', name });
        tool = { name, text: await steps.callTool(plan, name, args).catch((err: unknown) => toolFailure(name, err)) };
      }
    }

    const intent = recordIntent(tool !== null, passages);
    events.publish({ type: 'thinking', phase: 'generating' });
    const generated = await steps.generate(plan, contextOf(passages, tool));
    const response = answerOf(input, generated, intent, tool, passages, choiceUsage);
    await steps.persist(plan, response, workflowInfo().workflowId);
    events.publish({ type: 'done', ...response });
    return response;
  } catch (err) {
    events.publish({ type: 'error', ...describeAskFailure(err) });
    throw err;
  } finally {
    await closeEventLog(stream);
  }
}
