import type { AskResponse, Intent, Usage } from '@askflow/contract';
import { NO_KEY } from './budgets.js';
import { preparedStatement, type Pool, type Queryable } from './pool.js';
import { deliveriesSql, deliveryParams, type Announcement } from './webhooks.js';

/** What a turn records about one ask, as written and as read back. */
interface TurnFields {
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
  costUsd: number;
  latencyMs: number;
  isTest: boolean;
}

export interface TurnRecord extends TurnFields {
  projectId: string;
  threadId: string;
  response: AskResponse;
  /** The key that asked; absent for asks started before keys were recorded. */
  apiKeyId?: string | undefined;
  /** The model the ask fell back from, when a fallback model answered. */
  fellBackFrom?: string | null;
}

const TURN_DELIVERIES = deliveriesSql({ projectId: '$1', event: '$24', subjectIds: '$25', payloads: '$26' });
/** Every answered ask stores its turn: prepared once per connection (store/pool.ts). */
const INSERT_TURN = preparedStatement(
  // Each data-modifying CTE runs once whether or not it is read; they share one snapshot, and
  // the turn's foreign key to its thread is checked at the statement's end, when the thread row
  // written beside it is there.
  // The usage is added from the turn's own row: counted exactly once, with the turn's time, so
  // budgets and analytics (which read turns) agree to the cent.
  `WITH thread AS (
     INSERT INTO threads (id, project_id) VALUES ($2, $1)
     ON CONFLICT (id) DO UPDATE SET updated_at = now()
   ), turn AS (
     INSERT INTO turns (project_id, thread_id, workflow_id, request_id, external_user_id, user_message, answer,
                        intent, model, tool_used, rag_chunks_used, prompt_tokens, completion_tokens, total_tokens,
                        cost_usd, latency_ms, is_test, response, api_key_id, fell_back_from)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20)
     ON CONFLICT (workflow_id) DO NOTHING
     RETURNING project_id, api_key_id, created_at, total_tokens, cost_usd
   ), usage AS (
     INSERT INTO usage_daily (project_id, api_key_id, day, tokens, cost_usd, asks)
       SELECT project_id, coalesce(api_key_id, '${NO_KEY}'), (created_at AT TIME ZONE 'UTC')::date, total_tokens, cost_usd, 1 FROM turn
     ON CONFLICT (project_id, day, api_key_id) DO UPDATE
       SET tokens = usage_daily.tokens + EXCLUDED.tokens, cost_usd = usage_daily.cost_usd + EXCLUDED.cost_usd, asks = usage_daily.asks + 1
   ), ${TURN_DELIVERIES.ctes}
   SELECT (SELECT count(*) FROM turn)::int AS stored,
          (SELECT array_agg(id) FROM (${TURN_DELIVERIES.unattempted}) d) AS deliveries,
          CASE WHEN $21::boolean THEN leave_thread_queue($3) END AS next,
          -- Announced only when stored now; PostgreSQL delivers it once the statement commits.
          (SELECT count(*) FROM (SELECT pg_notify($22, $23) FROM turn WHERE $22::text IS NOT NULL) n)::int AS announced`,
);

/**
 * Writes the turn, creating its thread if this is the thread's first turn (threads without an
 * external id come into being only with an answer, so a failed ask leaves nothing behind), adds
 * its usage to the budgets' daily totals, and — with `leaveQueue` — takes the ask off its
 * thread's queue, returning the ask that may go next (see leave_thread_queue, migration 20).
 * One statement, so one round trip and one commit (one wait for the disk) per answered ask.
 * Idempotent on the workflow id: a retried activity finds its turn already written (stored
 * false, usage not added again). With `announce`, a turn stored now is also sent as a NOTIFY
 * (its payload must pass `fitsNotify`: a longer one fails the statement). With `completed`, the
 * `ask.completed` deliveries of the project's webhooks are written in the same statement (the
 * outbox: whoever is answered from the NOTIFY or the stored turn finds them listed), and the ids
 * of those nobody has attempted yet are returned, for their workflows to be started.
 */
export async function insertTurn(
  pool: Queryable,
  t: TurnRecord,
  opts: { leaveQueue?: boolean; announce?: { channel: string; payload: string }; completed?: Announcement } = {},
): Promise<{ stored: boolean; next: string | null; deliveries: string[] }> {
  const { rows } = await pool.query<{ stored: number; next: string | null; deliveries: string[] | null }>(
    INSERT_TURN([t.projectId, t.threadId, t.workflowId, t.requestId, t.externalUserId, t.userMessage, t.answer, t.intent, t.model,
     t.toolUsed, t.ragChunksUsed, t.usage.promptTokens, t.usage.completionTokens, t.usage.totalTokens, t.costUsd,
     t.latencyMs, t.isTest, JSON.stringify(t.response), t.apiKeyId ?? null, t.fellBackFrom ?? null, opts.leaveQueue ?? false,
     opts.announce?.channel ?? null, opts.announce?.payload ?? null,
     opts.completed?.payload.type ?? null, ...deliveryParams(opts.completed ? [opts.completed] : [])]),
  );
  return { stored: rows[0]!.stored > 0, next: rows[0]!.next, deliveries: rows[0]!.deliveries ?? [] };
}

/** The latest turns of a thread but `exceptRun`'s, newest first, for the model's conversation history. */
export async function recentTurns(pool: Pool, threadId: string, exceptRun: string, limit = 50): Promise<{ userMessage: string; answer: string }[]> {
  const { rows } = await pool.query<{ userMessage: string; answer: string }>(
    `SELECT user_message AS "userMessage", answer FROM turns WHERE thread_id = $1 AND workflow_id <> $2 ORDER BY created_at DESC LIMIT $3`,
    [threadId, exceptRun, limit],
  );
  return rows;
}

const RECORD_FIRST_DELTA = preparedStatement(`UPDATE turns SET first_delta_ms = LEAST($2, latency_ms) WHERE workflow_id = $1 AND first_delta_ms IS NULL`);

/**
 * How long a streamed ask took to its first token, recorded by the api that streamed it once the
 * turn is stored (its `done` comes after the turn is written). The first value stays. It is never
 * more than the turn's latency: an answer sent in one delta is stored by the worker a moment before
 * the api relays that delta, and on a busy machine that moment made the first token look later
 * than the whole answer (100 ms against 90 in analytics).
 */
export async function recordFirstDelta(pool: Pool, workflowId: string, ms: number): Promise<void> {
  await pool.query(RECORD_FIRST_DELTA([workflowId, Math.round(ms)]));
}

/** The stored AskResponse of a run, if it finished. */
export async function responseOfRun(pool: Pool, workflowId: string): Promise<AskResponse | null> {
  const { rows } = await pool.query<{ response: AskResponse | null }>(`SELECT response FROM turns WHERE workflow_id = $1`, [workflowId]);
  return rows[0]?.response ?? null;
}

export interface TurnView extends TurnFields {
  id: string;
  createdAt: Date;
}

export async function threadTurns(pool: Pool, projectId: string, threadId: string): Promise<TurnView[]> {
  const { rows } = await pool.query<TurnView & { promptTokens: number; completionTokens: number; totalTokens: number }>(
    `SELECT id, workflow_id AS "workflowId", request_id AS "requestId", external_user_id AS "externalUserId",
            user_message AS "userMessage", answer, intent, model, tool_used AS "toolUsed", rag_chunks_used AS "ragChunksUsed",
            prompt_tokens AS "promptTokens", completion_tokens AS "completionTokens", total_tokens AS "totalTokens",
            cost_usd::float8 AS "costUsd", latency_ms AS "latencyMs", is_test AS "isTest", turns.created_at AS "createdAt",
            CASE WHEN f.turn_id IS NULL THEN NULL
                 ELSE json_build_object('rating', f.rating, 'comment', f.comment, 'updatedAt', f.updated_at) END AS feedback
       FROM turns LEFT JOIN feedback f ON f.turn_id = turns.id
      WHERE turns.project_id = $1 AND thread_id = $2 ORDER BY turns.created_at`,
    [projectId, threadId],
  );
  return rows.map(({ promptTokens, completionTokens, totalTokens, ...turn }) => ({ ...turn, usage: { promptTokens, completionTokens, totalTokens } }));
}
