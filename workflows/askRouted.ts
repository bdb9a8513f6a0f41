import { CancellationScope, condition, patched, proxyActivities, proxyLocalActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { AskResponse, Usage } from '@askflow/contract';
import { KNOWLEDGE_TOOL_NAME } from '@askflow/contract/names';
import { answeredResponse, DEFAULT_TOOL_ROUNDS, knowledgePassage, MAX_TOOL_CALLS_PER_ROUND, notRunResult, type AskActivities, type AskPlan, type AskWorkflowInput, type RetrievedPassage, type ToolCall, type ToolRound, type TurnOutcome } from '../interface/ask.js';
import { describeAskFailure, isProviderOutage } from '../interface/failures.js';
import { THREAD_RECHECK_INTERVAL, threadTurnSignal } from '../interface/threadTurn.js';
import { logLength } from './askEvents.js';
import { closeEventLog, DATABASE_STEP, GENERATION_STEP, LOCAL_GENERATION_STEP, NO_USAGE, openEventLog, recordIntent, RETRIEVAL_STEP, TOOL_CALL_STEP, toolFailure } from './askRun.js';

const { planAsk, saveTurn, askAhead, askFailed } = proxyLocalActivities<AskActivities>(DATABASE_STEP);
const { searchKnowledge } = proxyLocalActivities<AskActivities>(RETRIEVAL_STEP);
const { invokeTool } = proxyActivities<AskActivities>(TOOL_CALL_STEP);
const { respondTurn } = proxyActivities<AskActivities>(GENERATION_STEP);
const { respondTurn: respondTurnLocally, firstRound } = proxyLocalActivities<AskActivities>(LOCAL_GENERATION_STEP);

/**
 * Model fallbacks: a run whose model's provider kept failing (after its retries) goes on with the
 * plan's next fallback model. Runs from before never reach `patched` on their way (it is asked
 * only once such a failure has happened), so they replay as they ran.
 */
export const FALLBACK_PATCH = 'model-fallback';

/**
 * At most MAX_TOOL_CALLS_PER_ROUND calls run in a round. Asked only of a round that asks for more,
 * so runs from before, which never asked for more, replay as they ran; one that did and is
 * replayed runs every call again, as it did.
 */
export const TOOL_CALL_LIMIT_PATCH = 'tool-call-limit';

/** The calls of a round that run: all of them, or the first MAX_TOOL_CALLS_PER_ROUND. */
function callsToRun(calls: ToolCall[]): ToolCall[] {
  return calls.length > MAX_TOOL_CALLS_PER_ROUND && patched(TOOL_CALL_LIMIT_PATCH) ? calls.slice(0, MAX_TOOL_CALLS_PER_ROUND) : calls;
}

/** The plan moved on to its next fallback model (with that model's prices). */
function nextFallback(plan: AskPlan): AskPlan | null {
  const [next, ...rest] = plan.fallbacks ?? [];
  return next ? { ...plan, model: next.model, price: next.price, fallbacks: rest } : null;
}

/**
 * Waits until the asks ahead on the thread have ended (thread policy `enqueue`, and `interrupt`
 * while the interrupted ask winds down): told by a signal, checking the queue again now and then.
 */
async function awaitThreadTurn(publish: (e: { type: 'thinking'; phase: 'queued'; reason: string }) => void): Promise<void> {
  let told = false;
  setHandler(threadTurnSignal, () => void (told = true));
  let announced = false;
  while (!told) {
    const ahead = await askAhead(workflowInfo().workflowId);
    if (!ahead) return;
    if (!announced) publish({ type: 'thinking', phase: 'queued', reason: `The thread is answering ${ahead}; this ask runs next` });
    announced = true;
    await condition(() => told, THREAD_RECHECK_INTERVAL);
  }
}

/** How generation runs: an activity (streamed asks; every run of `askWorkflow`), or local (JSON asks since `routedAskWorkflow`). */
export type GenerationPlacement = 'activity' | 'local';


function addUsage(a: Usage, b: Usage): Usage {
  return { promptTokens: a.promptTokens + b.promptTokens, completionTokens: a.completionTokens + b.completionTokens, totalTokens: a.totalTokens + b.totalTokens };
}

/** The passages as the model reads them back: numbered, each with its source and section. */
function passagesText(found: RetrievedPassage[]): string {
  if (!found.length) return 'No passage of the knowledge base matches this query.';
  return found
    .map(knowledgePassage)
    // Labelled as providers/citation.ts labels passages; written here because the workflow bundle
    // reads only workflows/, interface/ and the contract's names (its key hashes those).
    .map((p, i) => `[${i + 1}] ${p.source}${p.section ? ` › ${p.section}` : ''}\n${p.text}`)
    .join('\n\n');
}

/**
 * A routed ask: the model decides what the question needs before anything runs. Each round it
 * either answers or calls tools — knowledge search (`search_knowledge`) beside the project's
 * tools, several at once if it likes — and the calls' results go back to it, for at most
 * `maxToolRounds` rounds; then it must answer. The intent is what it used: knowledge that
 * found passages (`rag`), a project tool (`tools`), both, or neither (`vanilla`).
 */
export async function runRoutedAsk(input: AskWorkflowInput, generation: GenerationPlacement = 'activity'): Promise<AskResponse> {
  const respond = generation === 'local' ? respondTurnLocally : respondTurn;
  const { stream, events } = openEventLog();
  /** When `err` is an outage of `from`'s provider and the plan has a fallback left: the plan on it, announced. */
  const fallBack = (from: AskPlan, err: unknown): AskPlan | null => {
    const next = nextFallback(from);
    if (!next || !isProviderOutage(err) || !patched(FALLBACK_PATCH)) return null;
    events.publish({ type: 'fallback', from: from.model.id, to: next.model.id, reason: describeAskFailure(err).message });
    // Whatever the failed model streamed is not the answer: readers drop it as after any reset.
    events.publish({ type: 'reset', reason: `${from.model.id} is unavailable; ${next.model.id} answers instead` });
    return next;
  };
  try {
    if (input.thread?.after) await awaitThreadTurn((e) => events.publish(e));
    events.publish({ type: 'thinking', phase: 'classifying' });
    // A JSON ask plans, takes its first round and, if that answers, saves it, in one local activity.
    let first = null;
    let fellBack: AskPlan | null = null;
    if (generation === 'local') {
      try {
        first = await firstRound(input, workflowInfo().workflowId);
      } catch (err) {
        // The plan was made inside the failed step: read it again to find the fallbacks.
        if (!isProviderOutage(err) || input.modelNamed || !patched(FALLBACK_PATCH)) throw err;
        fellBack = fallBack(await planAsk(input), err);
        if (!fellBack) throw err;
      }
    }
    if (first?.saved) {
      recordIntent(false, []);
      events.publish({ type: 'done', ...first.saved });
      return first.saved;
    }
    let plan: AskPlan = fellBack ?? first?.plan ?? (await planAsk(input));
    /** One round on the plan's model, going on with the next fallback model while its provider is out. */
    const respondOrFallBack = async (final: boolean): Promise<TurnOutcome> => {
      for (;;) {
        try {
          return await respond(plan, input, rounds, final);
        } catch (err) {
          const next = fallBack(plan, err);
          if (!next) throw err;
          plan = next;
        }
      }
    };
    const rounds: ToolRound[] = [];
    const found = new Map<string, RetrievedPassage>();
    const toolsUsed: string[] = [];
    let usage = NO_USAGE;

    const call = async (c: ToolCall, reason: string | null) => {
      const why = reason ? { reason } : {};
      if (c.name === KNOWLEDGE_TOOL_NAME) {
        events.publish({ type: 'thinking', phase: 'retrieving', ...why });
        const query = typeof c.arguments.query === 'string' && c.arguments.query.trim() ? c.arguments.query : input.message;
        const passages = await searchKnowledge(plan, query);
        for (const p of passages) if (!found.has(p.chunkId)) found.set(p.chunkId, p);
        events.publish({ type: 'retrieval', chunks: passages.length, sources: [...new Set(passages.map((p) => p.document))] });
        return {
          callId: c.id, name: c.name, content: passagesText(passages),
          passages: passages.map(knowledgePassage),
        };
      }
      events.publish({ type: 'thinking', phase: 'calling_tool', ...why });
      events.publish({ type: 'tool.calling', name: c.name });
      if (!toolsUsed.includes(c.name)) toolsUsed.push(c.name);
      return { callId: c.id, name: c.name, content: await invokeTool(plan, input, c.name, c.arguments).catch((err: unknown) => toolFailure(c.name, err)) };
    };

    const maxRounds = plan.maxToolRounds ?? DEFAULT_TOOL_ROUNDS;
    let firstTurn: TurnOutcome | null = first?.turn ?? null;
    for (;;) {
      const turn = firstTurn ?? (await respondOrFallBack(rounds.length >= maxRounds));
      firstTurn = null;
      usage = addUsage(usage, turn.usage);
      if (turn.kind === 'answer') {
        const passages = [...found.values()];
        recordIntent(toolsUsed.length > 0, passages);
        const response = answeredResponse(input, turn, usage, toolsUsed, passages);
        // A stream's `done` is next in the log: the step that stores the turn pushes it under that id.
        await saveTurn(plan, input, response, workflowInfo().workflowId, ...(input.stream ? [logLength(stream)] : []));
        events.publish({ type: 'done', ...response });
        return response;
      }
      // Calls of one round run side by side; their results go back in the order they were made,
      // those over the limit answered without running.
      const running = callsToRun(turn.calls);
      const notRun = turn.calls.slice(running.length);
      if (notRun.length) events.publish({ type: 'thinking', phase: 'calling_tool', reason: `${notRun.length} more tool calls not made: at most ${MAX_TOOL_CALLS_PER_ROUND} run in one round` });
      const results = await Promise.all(running.map((c) => call(c, turn.reason)));
      rounds.push({ calls: turn.calls, results: [...results, ...notRun.map((c) => ({ callId: c.id, name: c.name, content: notRunResult(c.name) }))] });
    }
  } catch (err) {
    const failure = describeAskFailure(err);
    events.publish({ type: 'error', ...failure });
    // Its place in the thread's queue goes to the next ask, even when this one was cancelled.
    if (input.thread) await CancellationScope.nonCancellable(() => askFailed(input, workflowInfo().workflowId, failure));
    throw err;
  } finally {
    await closeEventLog(stream);
  }
}
