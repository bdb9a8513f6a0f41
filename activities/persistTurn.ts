import type { AskResponse } from '@askflow/contract';
import type { Pool } from '../store/pool.js';
import { turnCost } from '../store/prices.js';
import { insertTurn } from '../store/turns.js';
import type { AskWorkflowInput } from './types.js';

export function persistTurn(pool: Pool) {
  return async function persistTurn(input: AskWorkflowInput, response: AskResponse, workflowId: string): Promise<void> {
    const costUsd = await turnCost(pool, input.tenantId, response.model, response.usage.promptTokens, response.usage.completionTokens);
    await insertTurn(pool, {
      projectId: input.tenantId,
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
      costUsd,
      latencyMs: Date.now() - input.receivedAt,
      isTest: input.keyMode === 'test',
      response,
    });
  };
}
