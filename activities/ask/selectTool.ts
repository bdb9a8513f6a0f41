import type { AskPlan, ToolDecision } from '../../interface/ask.js';
import { chatProviderOf, type ConnectionDeps } from './connections.js';
import { withHeartbeat } from '../heartbeat.js';

/** Lets the ask's model choose one of the plan's tools (function calling, or `local`'s matching). */
export function selectTool(deps: ConnectionDeps) {
  return async function selectTool(plan: AskPlan, message: string): Promise<ToolDecision> {
    if (!plan.tools.length) return { choice: null, usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 } };
    const provider = await chatProviderOf(deps, plan);
    return withHeartbeat(() =>
      provider.chooseTool(
        { model: plan.model.name, system: plan.systemPrompt, history: [], message, context: [], temperature: plan.temperature },
        plan.tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters })),
      ),
    );
  };
}
