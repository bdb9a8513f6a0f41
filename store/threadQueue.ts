import { preparedStatement, type Pool, type Queryable } from './pool.js';

/**
 * The asks each thread has under way, in the order they came (table `thread_asks`): each row
 * names the ask it runs after, so asks on one thread run — and store their turns — one at a
 * time, in order. Joining and leaving are SQL functions (migration 20) that hold the thread's
 * advisory lock: two asks arriving together cannot both find the thread free.
 */

/** How long an ask's row may exist without its run being found before it counts as abandoned (an api that died between queueing and starting it). */
export const UNSTARTED_GRACE_MS = 60_000;

/** Whether an ask's run is still going: true, false (closed), or null when no run is found. */
export type RunCheck = (askId: string) => Promise<boolean | null>;

/** The asks under way on the thread, oldest first, with how long each has been queued. */
export async function threadAsks(db: Queryable, threadId: string): Promise<{ askId: string; ageMs: number }[]> {
  const { rows } = await db.query<{ askId: string; ageMs: number }>(
    `SELECT ask_id AS "askId", (extract(epoch FROM clock_timestamp() - created_at) * 1000)::float8 AS "ageMs"
       FROM thread_asks WHERE thread_id = $1 ORDER BY created_at, ask_id`,
    [threadId],
  );
  return rows;
}

// An ask on a thread joins and leaves its queue: prepared once per connection (store/pool.ts).
const JOIN_THREAD = preparedStatement(`SELECT join_thread_queue($1, $2, $3) AS ahead`);
const LEAVE_THREAD = preparedStatement(`SELECT leave_thread_queue($1) AS next`);

/**
 * Puts the ask at the end of its thread's queue. Returns the asks already there (oldest first):
 * the ask runs after the last of them, at once when there are none. Idempotent per ask id.
 */
export async function joinThread(pool: Pool, ask: { askId: string; projectId: string; threadId: string }): Promise<string[]> {
  const { rows } = await pool.query<{ ahead: string[] }>(JOIN_THREAD([ask.askId, ask.projectId, ask.threadId]));
  return rows[0]!.ahead;
}

/**
 * Takes the ask off its thread's queue. The ask that ran after it now runs after whatever this
 * one ran after (still there, or nothing); returned when that leaves it free to go, so its run
 * can be told at once. Idempotent: a second call finds nothing and returns null.
 */
export async function leaveThread(pool: Pool, askId: string): Promise<string | null> {
  const { rows } = await pool.query<{ next: string | null }>(LEAVE_THREAD([askId]));
  return rows[0]!.next;
}

/**
 * Whether the ask may run now: the ask it runs after has left the thread (or never existed).
 * An ask ahead whose run has closed without leaving (terminated), or that never started, is
 * taken off the queue here on its behalf. Returns the ask still waited for, or null.
 */
export async function askAhead(pool: Pool, askId: string, isRunning: RunCheck): Promise<string | null> {
  for (;;) {
    const { rows } = await pool.query<{ after: string | null; ageMs: number | null }>(
      `SELECT a.after_ask_id AS "after", (extract(epoch FROM clock_timestamp() - b.created_at) * 1000)::float8 AS "ageMs"
         FROM thread_asks a LEFT JOIN thread_asks b ON b.ask_id = a.after_ask_id WHERE a.ask_id = $1`,
      [askId],
    );
    const ahead = rows[0];
    // No row (its thread was erased) or nothing ahead: go.
    if (!ahead?.after) return null;
    if (!(await abandoned(ahead.after, ahead.ageMs ?? 0, isRunning))) return ahead.after;
    await leaveThread(pool, ahead.after);
  }
}

/** A queued ask whose run is closed, or has not started long after it was queued. */
export async function abandoned(askId: string, ageMs: number, isRunning: RunCheck): Promise<boolean> {
  const running = await isRunning(askId);
  return running === false || (running === null && ageMs > UNSTARTED_GRACE_MS);
}

/** Forgets every queued ask of a thread (it is being erased). */
export async function clearThreadQueue(db: Queryable, threadId: string): Promise<void> {
  await db.query(`DELETE FROM thread_asks WHERE thread_id = $1`, [threadId]);
}
