import type { AskPlan, AskWorkflowInput, ContextPassage, GeneratedAnswer } from '../../interface/ask.js';
import { chatProviderOf, type ConnectionDeps } from './connections.js';
import { DeltaPublisher } from './deltaPublisher.js';
import { livePush } from './livePush.js';
import { withHeartbeat } from '../heartbeat.js';
import { chatRequestFor } from './chatRequest.js';

/**
 * The answer from the plan's model, drawing on the context (chunks and tool results) and the
 * thread's history. Streamed asks publish it as `delta`s while it is generated.
 */
export function composeAnswer(deps: ConnectionDeps) {
  return async function composeAnswer(plan: AskPlan, input: AskWorkflowInput, context: ContextPassage[]): Promise<GeneratedAnswer> {
    const provider = await chatProviderOf(deps, plan);
    const request = await chatRequestFor(deps.pool, plan, input, context);
    const publisher = input.stream ? new DeltaPublisher({ live: livePush(deps) }) : null;
    try {
      const result = await withHeartbeat(() => provider.generate(request, publisher?.delta));
      await publisher?.close();
      return { answer: result.text, usage: result.usage, model: plan.model.id };
    } catch (err) {
      await publisher?.close().catch(() => undefined);
      throw err;
    }
  };
}
