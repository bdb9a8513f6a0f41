import { setTimeout as sleep } from 'node:timers/promises';
import { isGrpcDeadlineError, WorkflowFailedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { WorkflowStreamClient } from '@temporalio/workflow-streams/client';
import { isTerminalEvent, type StreamEvent } from '@askflow/contract';
import { ASK_EVENTS_TOPIC, askEventsQuery, type NumberedEvent } from '../../interface/askEvents.js';
import { describeAskFailure } from '../../interface/failures.js';
import type { Logger } from '../../config/logger.js';
import type { LiveSubscription } from './liveEvents.js';

/** How often a live subscription that broke while the run is still open is re-opened. */
const LIVE_RETRIES = 5;

/** True when the run is closed, or cannot even be described (the query below then decides). */
async function runIsClosed(temporal: Client, askId: string): Promise<boolean> {
  try {
    const { status } = await temporal.workflow.getHandle(askId).describe();
    return status.name !== 'RUNNING';
  } catch {
    return true;
  }
}

/** How long one query of a closed run may take: a worker replays the run to answer it. */
const QUERY_DEADLINE_MS = 15_000;

/**
 * Tries of a query refused outright (not timed out). A run that has just closed can refuse a few:
 * the worker that ran it may have dropped it from its cache while the server still sends its
 * queries there, and a replay elsewhere takes a moment. About 4 s of tries in all.
 */
const QUERY_TRIES = 5;

/**
 * The run's log from `from` by query. A closed run is replayed by a worker to answer it, which a
 * busy worker may not do in time: a few tries — and when no worker answers at all (the deadline
 * passes, or no worker of the run's version polls any more: with Worker Versioning, a closed run
 * pinned to a retired version), the outcome comes from the run's history instead (`null`), which
 * is said in the log: a reader then gets a `reset` and the outcome whole.
 */
async function queryEvents(temporal: Client, askId: string, from: number, log?: Pick<Logger, 'warn'>): Promise<NumberedEvent[] | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await temporal.withDeadline(Date.now() + QUERY_DEADLINE_MS, () => temporal.workflow.getHandle(askId).query(askEventsQuery, from));
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) throw err;
      // The run is closed, so its history holds its outcome: the fallback is always right, only coarser.
      if (isGrpcDeadlineError(err) || attempt >= QUERY_TRIES) {
        log?.warn({ err, askId, attempts: attempt }, "could not query the ask's event log; its outcome is read from its history");
        return null;
      }
      await sleep(250 * 2 ** (attempt - 1));
    }
  }
}

/**
 * A closed run's outcome read from its history, which needs no worker: its answer as `done`, or
 * its failure as `error`, after a `reset` (the deltas a reader already has may not add up to it).
 * The same `done` the log holds; marked `outcome`, numbered by each reader after the ids it has.
 */
async function outcomeFromHistory(temporal: Client, askId: string, next: number): Promise<NumberedEvent[]> {
  const reset: NumberedEvent = { id: next, outcome: true, event: { type: 'reset', reason: "The ask's event log could not be replayed; its outcome follows whole" } };
  try {
    const response = await temporal.workflow.getHandle(askId).result();
    return [reset, { id: next + 1, outcome: true, event: { type: 'done', ...response } }];
  } catch (err) {
    // Only the run's own failure is its outcome; not reaching Temporal is the stream's problem.
    if (!(err instanceof WorkflowFailedError)) throw err;
    return [reset, { id: next + 1, outcome: true, event: { type: 'error', ...describeAskFailure(err) } }];
  }
}

/**
 * An ask's events after `afterId` (-1 for all), ending with its terminal event. While the run
 * is open they arrive by long-poll updates as soon as the workflow has them; once it has closed
 * (updates are refused then) the rest comes from a query, which any api replica can make.
 *
 * A run that closes while a poll is parked ends that poll with one of several errors (update
 * failed, accepted-update-on-completed-workflow, not found, RPC cancelled) depending on the
 * moment; which one does not matter: the run's event log is read by query afterwards, so the
 * `error`/`done` it ended with always reaches the client.
 */
async function* durableEvents(temporal: Client, askId: string, afterId: number, log?: Pick<Logger, 'warn'>): AsyncGenerator<NumberedEvent> {
  let next = afterId + 1;
  for (let attempt = 0; ; attempt++) {
    const live = WorkflowStreamClient.create(temporal, askId).topic<StreamEvent>(ASK_EVENTS_TOPIC);
    try {
      for await (const item of live.subscribe(next, { pollCooldown: '20 milliseconds' })) {
        if (item.offset < next) continue;
        yield { id: item.offset, event: item.data };
        next = item.offset + 1;
        if (isTerminalEvent(item.data)) return;
      }
      break;
    } catch (err) {
      if (await runIsClosed(temporal, askId)) break;
      // Still running: a broken poll (a restarted frontend, a lost connection) is re-opened.
      if (attempt >= LIVE_RETRIES) throw err;
      await sleep(100 * 2 ** attempt);
    }
  }
  const rest = (await queryEvents(temporal, askId, next, log)) ?? (await outcomeFromHistory(temporal, askId, next));
  for (const e of rest) {
    yield e;
    next = e.id + 1;
    if (isTerminalEvent(e.event)) return;
  }
  // Nothing after `next`: a reader that resumed past the end (it has had the terminal event
  // already) gets nothing more, rather than an error about a run that ended well.
  if (!rest.length && next > 0 && ((await queryEvents(temporal, askId, 0, log)) ?? []).some((e) => e.id < next && isTerminalEvent(e.event))) return;
  // Closed without a terminal event: terminated or timed out by an operator.
  yield { id: next, event: { type: 'error', code: 'Internal', message: 'The ask ended without an answer' } };
}

/**
 * How long the log is left unread while the pushes carry a stream and nothing arrives. Events
 * the workflow records itself (a tool round's phases) are never pushed; after this long without a
 * push the log is read again, and a push that skips ids has it read at once.
 */
const LOG_QUIET_MS = 250;

const QUIET = Symbol('quiet');

/** A timer that can be cancelled, so a loop waiting on it and on arrivals leaves none behind. */
function quietTimer(ms: number): { fired: Promise<typeof QUIET>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const fired = new Promise<typeof QUIET>((resolve) => (timer = setTimeout(() => resolve(QUIET), ms)));
  return { fired, cancel: () => clearTimeout(timer) };
}

/**
 * An ask's events after `afterId`, from the durable log and — when given — the worker's pushes,
 * whichever brings an id first. Ids are the log's offsets on both paths, so the stream stays one
 * sequence: each id is sent once, in order; a pushed event ahead of a gap waits for the gap to
 * fill, and the log fills every gap (a push lost or never sent only costs time). The one terminal
 * event pushed is a streamed ask's `done`, by the statement that stores its turn (the answer is
 * final then, as a JSON ask's announced answer is): it ends the stream like the log's own.
 *
 * A pushed event was recorded before it was pushed, and the log holds it, or will, under the same
 * id: its signal is on the way, or a retried attempt puts it there (activities/ask/deltaPublisher.ts).
 * So the log brings the same events under the same ids — except one race: a run cancelled while
 * deltas were on their way records `error` before them; that end is sent after them.
 *
 * While the pushes carry the stream (the last event sent was pushed, none waits on a gap), the
 * log is not polled: each poll is an update on the run (a workflow task), answered only when the
 * log's next batch lands with events already sent. It is read again on a gap, when the worker
 * says a failed or cancelled run's `error` is coming (READ_THE_LOG), after LOG_QUIET_MS without
 * a push (then until a push carries the stream again), and whenever it was the one that brought
 * the last event. `live` stays its caller's to close; `log` hears when the log could not be read.
 */
export async function* readAskEvents(
  temporal: Client,
  askId: string,
  afterId: number,
  live?: LiveSubscription,
  log?: Pick<Logger, 'warn'>,
): AsyncGenerator<NumberedEvent> {
  if (!live) return yield* durableEvents(temporal, askId, afterId, log);
  const durable = durableEvents(temporal, askId, afterId, log);
  let next = afterId + 1;
  const ahead = new Map<number, NumberedEvent>();
  let fromLog: Promise<IteratorResult<NumberedEvent>> | null = durable.next();
  /**
   * The pushes carry the stream: the last event sent was pushed. Not so once the log brings an
   * event, after a quiet spell, or when the worker says the run's `error` is coming.
   */
  let pushesCarry = false;
  try {
    for (;;) {
      const quiet = fromLog ? null : quietTimer(LOG_QUIET_MS);
      const woke = await Promise.race([fromLog ?? quiet!.fired, live.arrival().then(() => null)]);
      quiet?.cancel();
      if (woke === QUIET) {
        pushesCarry = false;
        fromLog = durable.next();
        continue;
      }
      if (woke) {
        fromLog = null;
        if (woke.done) return;
        if (woke.value.id >= next) {
          ahead.delete(woke.value.id);
          yield woke.value;
          next = woke.value.id + 1;
          pushesCarry = false;
          if (isTerminalEvent(woke.value.event)) return;
        } else if (isTerminalEvent(woke.value.event)) {
          // The run ended (cancelled, failed) while its answer was still being pushed, and the
          // log numbered the end among ids already sent: the end still comes, after them.
          yield { id: next, event: woke.value.event };
          return;
        }
      }
      for (const e of live.take()) if (e.id >= next) ahead.set(e.id, e);
      for (let e = ahead.get(next); e; e = ahead.get(next)) {
        ahead.delete(next);
        yield e;
        next++;
        pushesCarry = true;
        // A pushed `done` was pushed by the statement that stored the turn: the answer is final.
        if (isTerminalEvent(e.event)) return;
      }
      // The run failed or was cancelled: its `error` is in the log, or about to be.
      if (live.logNews()) pushesCarry = false;
      if (!fromLog && (!pushesCarry || ahead.size > 0)) fromLog = durable.next();
    }
  } finally {
    // Ends the log reader once its parked poll returns; nothing waits for that.
    fromLog?.catch(() => undefined);
    durable.return(undefined).catch(() => undefined);
  }
}
