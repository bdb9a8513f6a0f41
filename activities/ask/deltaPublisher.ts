import { Context } from '@temporalio/activity';
import { WorkflowStreamClient } from '@temporalio/workflow-streams/client';
import type { StreamEvent } from '@askflow/contract';
import { ASK_EVENTS_TOPIC, type NumberedEvent } from '../../interface/askEvents.js';

/** Batch window for `delta` signals: short enough to feel live, long enough to keep history small. */
const BATCH_INTERVAL_MS = 100;
const BATCH_INTERVAL = `${BATCH_INTERVAL_MS} milliseconds`;
/** How long the first events wait for the log's length before going without the fast path. */
const OFFSET_WAIT_MS = 1_000;

export interface DeltaPublisherOptions {
  /**
   * Publish the `generating` phase just before the first delta — for a round that may turn out
   * to call tools instead of answering, only the first delta tells it is answering.
   */
  announce?: boolean;
  /** Where events are also pushed at once, numbered as they will be in the log (the fast path). */
  live?: (events: NumberedEvent[]) => void;
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
 * An event is pushed only once the signal carrying it is accepted into the run's history, so
 * nothing reaches a reader that the log will not hold: a worker lost mid-answer cannot have
 * shown text its retry then numbers differently.
 */
export class DeltaPublisher {
  readonly #client = WorkflowStreamClient.fromWithinActivity({ batchInterval: BATCH_INTERVAL });
  readonly #events = this.#client.topic<StreamEvent>(ASK_EVENTS_TOPIC);
  readonly #announce: boolean;
  readonly #live: ((events: NumberedEvent[]) => void) | undefined;
  /** The log offset of this attempt's first event: undefined until known, null without a fast path. */
  #base: number | null | undefined;
  readonly #ready: Promise<void>;
  #held: { event: StreamEvent; forceFlush: boolean }[] = [];
  #count = 0;
  #first = true;
  /** Published, not yet known to be in the history, so not yet pushed. */
  #unpushed: NumberedEvent[] = [];
  #pushing: Promise<void> | null = null;
  /** Ends the wait for the batch window early. */
  #pushNow: (() => void) | null = null;

  constructor({ announce = false, live }: DeltaPublisherOptions = {}) {
    this.#announce = announce;
    this.#live = live;
    if (live) {
      // No offset (the query failed, or a busy worker did not answer in time): no fast path,
      // and the held events go to the log alone rather than wait.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), OFFSET_WAIT_MS)));
      this.#ready = Promise.race([this.#client.getOffset(), late]).then(
        (offset) => this.#start(offset),
        () => this.#start(null),
      ).finally(() => clearTimeout(timer));
    } else {
      this.#base = null;
      this.#ready = Promise.resolve();
    }
    const { attempt } = Context.current().info;
    if (attempt > 1) this.#publish({ type: 'reset', reason: `generation retried (attempt ${attempt})` }, true);
  }

  delta = (content: string): void => {
    if (!content) return;
    if (this.#first && this.#announce) this.#publish({ type: 'thinking', phase: 'generating' }, false);
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
    await this.#pushing;
    await this.#client[Symbol.asyncDispose]();
    this.#pushAccepted();
  }

  #start(offset: number | null): void {
    this.#base = offset;
    const held = this.#held;
    this.#held = [];
    for (const { event, forceFlush } of held) this.#send(event, forceFlush);
  }

  #publish(event: StreamEvent, forceFlush: boolean): void {
    if (this.#base === undefined) this.#held.push({ event, forceFlush });
    else this.#send(event, forceFlush);
  }

  #send(event: StreamEvent, forceFlush: boolean): void {
    const id = typeof this.#base === 'number' ? this.#base + this.#count : null;
    this.#count++;
    this.#events.publish(event, { forceFlush });
    if (id === null || !this.#live) return;
    this.#unpushed.push({ id, event });
    // A flushed event (the first delta, a reset) goes at once; others ride the batch window, as the signals do.
    if (forceFlush) this.#pushNow?.();
    this.#pushing ??= new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, forceFlush ? 0 : BATCH_INTERVAL_MS);
      this.#pushNow = () => {
        clearTimeout(timer);
        resolve();
      };
    }).then(() => {
      this.#pushNow = null;
      return this.#flushAndPush();
    });
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
    if (count) this.#live!(this.#unpushed.splice(0, count));
  }
}
