import type { AskPlan, AskWorkflowInput, ToolRound, TurnOutcome } from '../../interface/ask.js';
import { KNOWLEDGE_TOOL, type CorpusStats, type ToolSpec } from '../../providers/types.js';
import { chatProviderOf, type ConnectionDeps } from './connections.js';
import { DeltaPublisher } from './deltaPublisher.js';
import { livePush } from './livePush.js';
import { withHeartbeat } from '../heartbeat.js';
import { chatRequestFor } from './chatRequest.js';

export interface RespondDeps extends ConnectionDeps {
  /** What the offline router consults to judge whether the knowledge covers a question. */
  corpusStats?: (projectId: string) => CorpusStats;
}

/** What the model may call: knowledge search when the plan has knowledge, then the project's tools. */
export function offeredTools(plan: AskPlan): ToolSpec[] {
  return [...(plan.knowledge ? [KNOWLEDGE_TOOL] : []), ...plan.tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }))];
}

/**
 * One round of a routed ask: the plan's model, given the question, the thread's history and the
 * earlier rounds' calls and results, answers or calls tools. An answer streams as `delta`s to
 * streamed asks; a round that streamed text and then called tools tells readers to drop it.
 */
export function respondTurn(deps: RespondDeps) {
  return async function respondTurn(plan: AskPlan, input: AskWorkflowInput, rounds: ToolRound[], final: boolean): Promise<TurnOutcome> {
    const provider = await chatProviderOf(deps, plan);
    const request = { ...(await chatRequestFor(deps.pool, plan, input)), tools: offeredTools(plan), toolChoice: final ? ('none' as const) : ('auto' as const), rounds };
    const publisher = input.stream ? new DeltaPublisher({ announce: true, live: livePush(deps) }) : null;
    const corpus = plan.knowledge && deps.corpusStats ? deps.corpusStats(plan.projectId) : undefined;
    try {
      const result = await withHeartbeat(() =>
        provider.respond(request, { ...(publisher ? { onDelta: publisher.delta, onDecision: publisher.because } : {}), ...(corpus ? { corpus } : {}) }),
      );
      if (result.kind === 'tool_calls') publisher?.discard('the model called tools before answering');
      await publisher?.close();
      return result.kind === 'answer'
        ? { kind: 'answer', answer: result.text, usage: result.usage, model: plan.model.id, ...(result.reason ? { reason: result.reason } : {}) }
        : { kind: 'tool_calls', calls: result.calls, usage: result.usage, reason: result.reason ?? null };
    } catch (err) {
      await publisher?.close().catch(() => undefined);
      throw err;
    }
  };
}
