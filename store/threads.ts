import type { Pool } from './pool.js';

/** A thread of this project by its own id, or null (another tenant's thread is "not found" too). */
export async function findThread(pool: Pool, projectId: string, threadId: string): Promise<string | null> {
  const { rows } = await pool.query<{ id: string }>(`SELECT id FROM threads WHERE id = $1 AND project_id = $2`, [threadId, projectId]);
  return rows[0]?.id ?? null;
}

/**
 * The thread attached to `externalThreadId`, created on first use. One statement, so any number
 * of concurrent first calls with the same id resolve to the same row.
 */
export async function resolveExternalThread(pool: Pool, projectId: string, externalThreadId: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO threads (project_id, external_thread_id) VALUES ($1, $2)
     ON CONFLICT (project_id, external_thread_id) DO UPDATE SET updated_at = now()
     RETURNING id`,
    [projectId, externalThreadId],
  );
  return rows[0]!.id;
}

export async function createThread(pool: Pool, projectId: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(`INSERT INTO threads (project_id) VALUES ($1) RETURNING id`, [projectId]);
  return rows[0]!.id;
}
