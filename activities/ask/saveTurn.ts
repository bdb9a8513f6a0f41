import type { AskResponse } from '@askflow/contract';
import type { AskPlan, AskWorkflowInput } from '../../interface/ask.js';
import type { Pool } from '../../store/pool.js';
import { turnCost } from '../../store/prices.js';
import { insertTurn } from '../../store/turns.js';

/** Stores the answered turn (idempotent on the workflow id), priced by the plan's model. */
export function saveTurn(pool: Pool) {
  return async function saveTurn(plan: AskPlan, input: AskWorkflowInput, response: AskResponse, workflowId: string): Promise<void> {
    await insertTurn(pool, {
      projectId: plan.projectId,
      threadId: input.threadId,
      workflowId,
      requestId: input.requestId,
      externalUserId: input.externalUserId,
      userMessage: input.message,
      answer: response.answer,
      intent: response.intent,
      model: response.model,
      toolUsed: response.toolUsed,
      ragChunksUsed: response.ragChunksUsed,
      usage: response.usage,
      costUsd: turnCost(plan.price, response.usage.promptTokens, response.usage.completionTokens),
      latencyMs: Date.now() - input.receivedAt,
      isTest: input.keyMode === 'test',
      apiKeyId: input.apiKeyId,
      response,
    });
  };
}
