import { activityInfo } from '@temporalio/activity';
import type { AskPlan, AskWorkflowInput } from '../../interface/ask.js';
import type { ChatRequest, ContextPassage } from '../../providers/types.js';
import type { Pool } from '../../store/pool.js';
import { askHistory } from './history.js';

/** What the plan's model is asked: the project's prompt and temperature, the conversation so far within budget, the message. */
export async function chatRequestFor(pool: Pool, plan: AskPlan, input: AskWorkflowInput, context: ContextPassage[] = []): Promise<ChatRequest> {
  return {
    model: plan.model.name,
    system: plan.systemPrompt,
    history: await askHistory(pool, input, plan.historyTokenBudget, activityInfo().workflowExecution?.workflowId ?? ''),
    message: input.message,
    context,
    temperature: plan.temperature,
    ...(input.responseFormat ? { responseFormat: input.responseFormat } : {}),
  };
}
