import type { Pool } from './pool.js';

export type IdempotencyClaim =
  | { kind: 'new'; workflowId: string }
  | { kind: 'replay'; workflowId: string }
  | { kind: 'conflict' };

/**
 * Binds `Idempotency-Key` to a workflow run for 24 hours. The first request (or the first after
 * expiry) wins the key with its own workflow id; later requests with the same body replay that
 * run, and with another body are a conflict.
 */
export async function claimIdempotencyKey(pool: Pool, projectId: string, key: string, bodyHash: Buffer, workflowId: string): Promise<IdempotencyClaim> {
  const won = await pool.query(
    `INSERT INTO idempotency_keys (project_id, key, body_hash, workflow_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (project_id, key) DO UPDATE
       SET body_hash = EXCLUDED.body_hash, workflow_id = EXCLUDED.workflow_id, created_at = now()
       WHERE idempotency_keys.created_at < now() - interval '24 hours'
     RETURNING workflow_id`,
    [projectId, key, bodyHash, workflowId],
  );
  if (won.rowCount === 1) return { kind: 'new', workflowId };
  const { rows } = await pool.query<{ body_hash: Buffer; workflow_id: string }>(
    `SELECT body_hash, workflow_id FROM idempotency_keys WHERE project_id = $1 AND key = $2`,
    [projectId, key],
  );
  const row = rows[0]!;
  return row.body_hash.equals(bodyHash) ? { kind: 'replay', workflowId: row.workflow_id } : { kind: 'conflict' };
}

/** Gives a key back when its request was refused before its run started, so a retry is judged afresh. */
export async function releaseIdempotencyKey(pool: Pool, projectId: string, key: string, workflowId: string): Promise<void> {
  await pool.query(`DELETE FROM idempotency_keys WHERE project_id = $1 AND key = $2 AND workflow_id = $3`, [projectId, key, workflowId]);
}
