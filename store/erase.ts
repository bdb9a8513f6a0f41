import { inTransaction, retryingLostRaces, type Pool } from './pool.js';
import { clearThreadQueue } from './threadQueue.js';

/** The run ids of a thread's turns. */
export async function threadTurnRunIds(pool: Pool, projectId: string, threadId: string): Promise<string[]> {
  const { rows } = await pool.query<{ workflow_id: string }>(`SELECT workflow_id FROM turns WHERE project_id = $1 AND thread_id = $2`, [projectId, threadId]);
  return rows.map((r) => r.workflow_id);
}

/** The ids of a project's runs PostgreSQL knows: its turns', and its documents' and batches' ingestions. */
export async function projectRunIds(pool: Pool, projectId: string): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT workflow_id AS id FROM turns WHERE project_id = $1
     UNION ALL SELECT 'ingest-' || id FROM documents WHERE project_id = $1
     UNION ALL SELECT 'ingest-batch-' || id FROM ingest_batches WHERE project_id = $1`,
    [projectId],
  );
  return rows.map((r) => r.id);
}

/**
 * Deletes a thread with everything that holds its text: its turns (their feedback goes with
 * them), the idempotency keys of its asks, what their streams pushed (kept only while an answer
 * is generated) and the webhook deliveries about them (their bodies carry the answers; a delivery
 * still being retried stops at its next attempt). Usage counters stay: they hold no text, and
 * budgets must not be reset by erasing.
 */
export async function eraseThread(pool: Pool, projectId: string, threadId: string, runIds: string[]): Promise<void> {
  await retryingLostRaces(() => inTransaction(pool, async (tx) => {
    await tx.query(`DELETE FROM idempotency_keys WHERE project_id = $1 AND workflow_id = ANY($2)`, [projectId, runIds]);
    await tx.query(`DELETE FROM ask_pushed_events WHERE ask_id = ANY($1)`, [runIds]);
    await tx.query(
      `DELETE FROM webhook_deliveries d USING webhooks w WHERE w.id = d.webhook_id AND w.project_id = $1 AND d.event_type LIKE 'ask.%' AND d.subject_id = ANY($2)`,
      [projectId, runIds],
    );
    await tx.query(`DELETE FROM turns WHERE project_id = $1 AND thread_id = $2`, [projectId, threadId]);
    await clearThreadQueue(tx, threadId);
    await tx.query(`DELETE FROM threads WHERE project_id = $1 AND id = $2`, [projectId, threadId]);
  }));
}
