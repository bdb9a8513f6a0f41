import type { Intent, Usage } from '@askflow/contract';
import type { Pool } from './pool.js';

export interface TurnRecord {
  projectId: string;
  threadId: string;
  workflowId: string;
  requestId: string;
  externalUserId: string | null;
  userMessage: string;
  answer: string;
  intent: Intent;
  model: string;
  toolUsed: string | null;
  ragChunksUsed: number;
  usage: Usage;
  latencyMs: number;
  isTest: boolean;
}

/** Idempotent on the workflow id: a retried activity finds its turn already written. */
export async function insertTurn(pool: Pool, t: TurnRecord): Promise<void> {
  await pool.query(
    `INSERT INTO turns (project_id, thread_id, workflow_id, request_id, external_user_id, user_message, answer,
                        intent, model, tool_used, rag_chunks_used, prompt_tokens, completion_tokens, total_tokens,
                        latency_ms, is_test)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16)
     ON CONFLICT (workflow_id) DO NOTHING`,
    [t.projectId, t.threadId, t.workflowId, t.requestId, t.externalUserId, t.userMessage, t.answer, t.intent, t.model,
     t.toolUsed, t.ragChunksUsed, t.usage.promptTokens, t.usage.completionTokens, t.usage.totalTokens, t.latencyMs, t.isTest],
  );
  await pool.query(`UPDATE threads SET updated_at = now() WHERE id = $1`, [t.threadId]);
}
