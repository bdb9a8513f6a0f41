import type { Pool } from './pool.js';

/** A thread of this project by its own id, or null (another tenant's thread is "not found" too). */
/**
 * The project's thread, or null. A new thread's row is written with its first answer; until
 * then the thread exists as the ask under way on it (a background ask's thread can be asked
 * again at once, and that ask waits its turn).
 */
export async function findThread(pool: Pool, projectId: string, threadId: string): Promise<string | null> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM threads WHERE id = $1 AND project_id = $2
     UNION ALL SELECT thread_id FROM thread_asks WHERE thread_id = $1 AND project_id = $2 LIMIT 1`,
    [threadId, projectId],
  );
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

export interface ThreadSummary {
  id: string;
  externalThreadId: string | null;
  createdAt: Date;
  updatedAt: Date;
  turns: number;
  lastMessage: string | null;
}

/** Newest first; `search` matches the external id or any message or answer in the thread. */
export async function listThreads(pool: Pool, projectId: string, opts: { limit: number; before?: Date; search?: string }): Promise<ThreadSummary[]> {
  const { rows } = await pool.query<ThreadSummary>(
    `SELECT t.id, t.external_thread_id AS "externalThreadId", t.created_at AS "createdAt", t.updated_at AS "updatedAt",
            (SELECT count(*)::int FROM turns u WHERE u.thread_id = t.id) AS turns,
            (SELECT u.user_message FROM turns u WHERE u.thread_id = t.id ORDER BY u.created_at DESC LIMIT 1) AS "lastMessage"
       FROM threads t
      WHERE t.project_id = $1
        AND ($2::timestamptz IS NULL OR t.updated_at < $2)
        AND ($3::text IS NULL OR t.external_thread_id ILIKE '%' || $3 || '%'
             OR EXISTS (SELECT 1 FROM turns u WHERE u.thread_id = t.id AND (u.user_message ILIKE '%' || $3 || '%' OR u.answer ILIKE '%' || $3 || '%')))
      ORDER BY t.updated_at DESC
      LIMIT $4`,
    [projectId, opts.before ?? null, opts.search ?? null, opts.limit],
  );
  return rows;
}
