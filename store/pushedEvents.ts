// The durable side of the fast path: what a streamed ask's generation pushed to readers before
// the workflow's event log held it (migration 28). See activities/ask/deltaPublisher.ts.
import { preparedStatement, type Pool } from './pool.js';

/** An event as the ask's log numbers it (its offset there); its shape is the activities'. */
export interface PushedEvent<E = unknown> {
  id: number;
  event: E;
}

// Each streamed ask records its pushed events, then forgets them: prepared once per connection (store/pool.ts).
const RECORD_AND_NOTIFY = preparedStatement(
  `WITH ins AS (
     INSERT INTO ask_pushed_events (ask_id, id, event)
     SELECT $1, e.id, e.event FROM jsonb_to_recordset($2::jsonb) AS e(id integer, event jsonb))
   SELECT count(pg_notify($3, p)) FROM unnest($4::text[]) p`,
);
const FORGET_PUSHED = preparedStatement(`DELETE FROM ask_pushed_events WHERE ask_id = $1 AND id < $2`);

/**
 * Records `events` (a JSON array of PushedEvents) and sends each of `payloads` (JSON arrays, as
 * readers parse them) on `channel`, in one statement: NOTIFY is delivered at commit, so nothing
 * is shown that was not recorded. An id recorded already fails the whole statement: nothing is
 * recorded or sent.
 */
export async function recordAndNotify(pool: Pool, askId: string, channel: string, events: string, payloads: string[]): Promise<void> {
  await pool.query(RECORD_AND_NOTIFY([askId, events, channel, payloads]));
}

/** The ask's pushed events from id `from` on, in order. */
export async function pushedFrom<E>(pool: Pool, askId: string, from: number): Promise<PushedEvent<E>[]> {
  const { rows } = await pool.query<PushedEvent<E>>(`SELECT id, event FROM ask_pushed_events WHERE ask_id = $1 AND id >= $2 ORDER BY id`, [askId, from]);
  return rows;
}

/** Forgets the ask's pushed events below id `below`: the log holds them. */
export async function forgetPushed(pool: Pool, askId: string, below: number): Promise<void> {
  await pool.query(FORGET_PUSHED([askId, below]));
}

/** Deletes what asks that ended without cleaning up (a lost worker, no retry) left behind. */
export async function sweepPushed(pool: Pool, olderThanSeconds: number): Promise<number> {
  const { rowCount } = await pool.query(`DELETE FROM ask_pushed_events WHERE pushed_at < now() - make_interval(secs => $1)`, [olderThanSeconds]);
  return rowCount ?? 0;
}
