import { Context } from '@temporalio/activity';
import { WorkflowStreamClient } from '@temporalio/workflow-streams/client';
import type { StreamEvent } from '@askflow/contract';
import { ASK_EVENTS_TOPIC, type NumberedEvent } from '../../interface/askEvents.js';
import { GENERATION_ATTEMPTS } from '../../interface/generation.js';
import type { LiveSink } from './livePush.js';

/** Batch window for `delta` signals when the log is how readers get them: short enough to feel live, long enough to keep history small. */
const BATCH_INTERVAL_MS = 100;
/**
 * Batch window for the signals when each event is recorded and pushed first (the fast path):
 * readers have the events from the pushes, and the log only catches up, so it takes them in
 * bigger batches. Each signal is a workflow task, and each wakes every reader's long poll of the
 * log (another update, another task): a one-second answer of 50 tokens had 11 signals, 12
 * updates and 25 workflow tasks at 100 ms (README, Benchmarks). The cost is to a reader that
 * joins or resumes mid-answer: what was pushed before it listened reaches it with the next batch.
 */
const RECORDED_BATCH_INTERVAL_MS = 500;
/**
 * Tokens pushed within this long of one another go in one statement (one recording, one NOTIFY):
 * a model streaming a token every 20 ms otherwise cost a statement per token. The first delta,
 * and any event flushed at once, goes at once.
 */
const PUSH_COALESCE_MS = 30;
/** How long the first events wait for the log's length before going without the fast path. */
const OFFSET_WAIT_MS = 1_000;
/**
 * A retried attempt must know the log's length to put what earlier attempts showed in its place,
 * so it waits longer — and without it fails, to be tried again.
 */
const RETRY_OFFSET_WAIT_MS = 10_000;

export interface DeltaPublisherOptions {
  /**
   * Publish the `generating` phase just before the first delta — for a round that may turn out
   * to call tools instead of answering, only the first delta tells it is answering.
   */
  announce?: boolean;
  /** Where events are also pushed at once, numbered as they will be in the log (the fast path). */
  live?: LiveSink;
}

/** The log's length, or null when it could not be read within `waitMs`. */
async function logLength(client: WorkflowStreamClient, waitMs: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
  try {
    return await Promise.race([client.getOffset(), late]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Publishes an attempt's answer text into its ask's event log. The first delta is flushed at
 * once (time to first token is what users feel); later ones ride batched signals. A retried
 * attempt first publishes `reset`, so readers drop what a failed attempt had streamed.
 *
 * With a `live` sink each event is pushed there too, under the id it gets in the log. While this
 * activity runs the workflow waits on it and publishes nothing itself, so this attempt's events
 * land in the log one after another from the log's length at its start, which is asked once
 * (a query) before the first event goes out; events produced before the answer are held.
 *
 * Pushing does not wait for the signal that carries an event into the run's history (a round
 * trip through Temporal): the event is recorded in PostgreSQL in the statement that pushes it.
 * A worker lost mid-answer may so have shown events the log does not hold yet; its retry finds
 * them recorded and puts them into the log first, under the ids readers have, then its `reset`.
 * The last attempt has no retry to do that for it, so it pushes only what the history holds.
 */
export class DeltaPublisher {
  readonly #client: WorkflowStreamClient;
  readonly #events: ReturnType<WorkflowStreamClient['topic']>;
  readonly #announce: boolean;
  readonly #live: LiveSink | undefined;
  /** Push before the history holds an event (recorded) — every attempt but the last. */
  readonly #early: boolean;
  /** The log offset of this attempt's first event: undefined until known, null without a fast path. */
  #base: number | null | undefined;
  readonly #ready: Promise<void>;
  /** Why this attempt cannot finish well (close() throws it). */
  #failure: Error | null = null;
  #held: { event: StreamEvent; forceFlush: boolean }[] = [];
  #count = 0;
  #first = true;
  /** Why the answer is given without tools, shown with its first event. */
  #reason: string | null = null;
  /** Not yet pushed (and, when recorded first, not yet published either). */
  #unpushed: (NumberedEvent & { forceFlush?: boolean })[] = [];
  #pushing: Promise<void> | null = null;
  /** Ends the wait for the batch window early. */
  #pushNow: (() => void) | null = null;

  constructor({ announce = false, live }: DeltaPublisherOptions = {}) {
    this.#announce = announce;
    this.#live = live;
    const { attempt } = Context.current().info;
    this.#early = attempt < GENERATION_ATTEMPTS;
    const batchMs = live && this.#early ? RECORDED_BATCH_INTERVAL_MS : BATCH_INTERVAL_MS;
    this.#client = WorkflowStreamClient.fromWithinActivity({ batchInterval: `${batchMs} milliseconds` });
    this.#events = this.#client.topic<StreamEvent>(ASK_EVENTS_TOPIC);
    if (live) {
      // No offset (the query failed, or a busy worker did not answer in time): a first attempt
      // goes without the fast path, its held events to the log alone rather than wait; a retried
      // one fails (#start).
      this.#ready = logLength(this.#client, attempt > 1 ? RETRY_OFFSET_WAIT_MS : OFFSET_WAIT_MS).then((offset) => this.#start(offset, attempt > 1));
    } else {
      this.#base = null;
      this.#ready = Promise.resolve();
    }
    if (attempt > 1) this.#publish({ type: 'reset', reason: `generation retried (attempt ${attempt})` }, true);
  }

  /** The reason the answer's `generating` event carries: why it is given without searching or calling anything. */
  because = (reason: string): void => {
    this.#reason = reason;
  };

  delta = (content: string): void => {
    if (!content) return;
    if (this.#first && this.#announce) this.#publish({ type: 'thinking', phase: 'generating', ...(this.#reason ? { reason: this.#reason } : {}) }, false);
    this.#publish({ type: 'delta', content }, this.#first);
    this.#first = false;
    Context.current().heartbeat();
  };

  /** Readers drop what this attempt streamed (the model went on to call tools instead). */
  discard(reason: string): void {
    if (!this.#first) this.#publish({ type: 'reset', reason }, true);
  }

  /** Waits until every delta is in the workflow's log, so none can arrive after `done`. */
  async close(): Promise<void> {
    await this.#ready;
    // What waits in a window goes now: the answer is over.
    this.#pushNow?.();
    await this.#pushing;
    await this.#client[Symbol.asyncDispose]();
    if (this.#failure) throw this.#failure;
    if (!this.#early) this.#pushAccepted();
    // The log holds all of it now: what was recorded on the way is no longer needed.
    else if (this.#live && typeof this.#base === 'number') this.#live.forget(this.#base + this.#count);
  }

  async #start(offset: number | null, retried: boolean): Promise<void> {
    // What earlier attempts showed readers goes into the log first, at the ids they have.
    const shown = retried && this.#live ? (offset === null ? null : await this.#live.recorded(offset).catch(() => null)) : [];
    // Events that came meanwhile are held too: taken only now, with nothing awaited until they go.
    const held = this.#held;
    this.#held = [];
    if (shown === null) {
      this.#base = null;
      this.#failure = new Error("the ask's event log could not be read to resume it");
      return;
    }
    this.#base = offset;
    for (const e of shown) {
      if (e.id !== offset! + this.#count) break;
      this.#count++;
      this.#events.publish(e.event);
    }
    for (const { event, forceFlush } of held) this.#send(event, forceFlush);
  }

  #publish(event: StreamEvent, forceFlush: boolean): void {
    if (this.#failure) return;
    if (this.#base === undefined) this.#held.push({ event, forceFlush });
    else this.#send(event, forceFlush);
  }

  #send(event: StreamEvent, forceFlush: boolean): void {
    const id = typeof this.#base === 'number' ? this.#base + this.#count : null;
    this.#count++;
    if (id === null || !this.#live) return this.#events.publish(event, { forceFlush });
    if (this.#early) {
      // Recorded pushes go at once, one statement at a time (what comes meanwhile goes with the
      // next), each before its events' signal: sent together, the signal's round trip through
      // Temporal held up the push by several milliseconds on a busy machine.
      this.#unpushed.push({ id, event, forceFlush });
      this.#pushing ??= this.#window(forceFlush ? 0 : PUSH_COALESCE_MS).then(() => this.#recordAndPush());
      if (forceFlush) this.#pushNow?.();
      return;
    }
    this.#events.publish(event, { forceFlush });
    this.#unpushed.push({ id, event });
    // Pushing what the history holds: a flushed event (the first delta, a reset) goes at once;
    // others ride the batch window, as the signals do.
    if (forceFlush) this.#pushNow?.();
    this.#pushing ??= this.#window(forceFlush ? 0 : BATCH_INTERVAL_MS).then(() => this.#flushAndPush());
  }

  /** Waits `ms` — less when #pushNow is called (an event to flush at once, or the end). */
  #window(ms: number): Promise<void> {
    if (!ms) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#pushNow = () => {
        clearTimeout(timer);
        resolve();
      };
    }).then(() => {
      this.#pushNow = null;
    });
  }

  /** Records and pushes what is waiting, then publishes it to the log; again while more came. */
  async #recordAndPush(): Promise<void> {
    try {
      while (this.#unpushed.length) {
        const batch = this.#unpushed.splice(0);
        await this.#live!.record(batch);
        for (const { event, forceFlush } of batch) this.#events.publish(event, { forceFlush: forceFlush ?? false });
      }
    } finally {
      this.#pushing = null;
    }
  }

  /** Sends what is buffered, then pushes what the history now holds; again while more came. */
  async #flushAndPush(): Promise<void> {
    try {
      while (this.#unpushed.length) {
        const sent = this.#unpushed.length;
        await this.#client.flush();
        this.#pushAccepted(sent);
      }
    } catch {
      // The signal failed: the events stay unpushed; close() reports the failure.
    } finally {
      this.#pushing = null;
    }
  }

  #pushAccepted(count = this.#unpushed.length): void {
    if (count) this.#live!.push(this.#unpushed.splice(0, count));
  }
}
