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

/** Where a page of threads ended: the last thread's update time, to the microsecond as stored, and its id. */
export interface ThreadCursor {
  updatedAt: string;
  id: string;
}

/**
 * Newest first (by update time, then id); `search` matches the external id or any message or
 * answer in the thread. A page goes on exactly after `after` — compared with the time as
 * PostgreSQL stores it (microseconds), so threads updated in the same millisecond are neither
 * skipped nor repeated — or holds the threads updated before `before`. `next` is the cursor
 * after the page, null when it is the last.
 */
export async function listThreads(
  pool: Pool,
  projectId: string,
  opts: { limit: number; after?: ThreadCursor; before?: Date; search?: string },
): Promise<{ threads: ThreadSummary[]; next: ThreadCursor | null }> {
  const { rows } = await pool.query<ThreadSummary & { cursorTime: string }>(
    `SELECT t.id, t.external_thread_id AS "externalThreadId", t.created_at AS "createdAt", t.updated_at AS "updatedAt",
            t.updated_at::text AS "cursorTime",
            (SELECT count(*)::int FROM turns u WHERE u.thread_id = t.id) AS turns,
            (SELECT u.user_message FROM turns u WHERE u.thread_id = t.id ORDER BY u.created_at DESC LIMIT 1) AS "lastMessage"
       FROM threads t
      WHERE t.project_id = $1
        AND ($2::timestamptz IS NULL OR t.updated_at < $2)
        AND ($3::text IS NULL OR t.external_thread_id ILIKE '%' || $3 || '%'
             OR EXISTS (SELECT 1 FROM turns u WHERE u.thread_id = t.id AND (u.user_message ILIKE '%' || $3 || '%' OR u.answer ILIKE '%' || $3 || '%')))
        AND ($5::timestamptz IS NULL OR (t.updated_at, t.id) < ($5, $6::uuid))
      ORDER BY t.updated_at DESC, t.id DESC
      LIMIT $4`,
    [projectId, opts.before ?? null, opts.search ?? null, opts.limit, opts.after?.updatedAt ?? null, opts.after?.id ?? null],
  );
  const last = rows.at(-1);
  return {
    threads: rows.map(({ cursorTime: _, ...thread }) => thread),
    next: rows.length === opts.limit && last ? { updatedAt: last.cursorTime, id: last.id } : null,
  };
}
