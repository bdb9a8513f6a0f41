import { Context } from '@temporalio/activity';
import { WorkflowStreamClient } from '@temporalio/workflow-streams/client';
import type { StreamEvent } from '@askflow/contract';
import { ASK_EVENTS_TOPIC } from '../../interface/askEvents.js';

/** Batch window for `delta` signals: short enough to feel live, long enough to keep history small. */
const BATCH_INTERVAL = '100 milliseconds';

/**
 * Publishes an attempt's answer text into its ask's event log. The first delta is flushed at
 * once (time to first token is what users feel); later ones ride batched signals. A retried
 * attempt first publishes `reset`, so readers drop what a failed attempt had streamed.
 */
export class DeltaPublisher {
  readonly #client = WorkflowStreamClient.fromWithinActivity({ batchInterval: BATCH_INTERVAL });
  readonly #events = this.#client.topic<StreamEvent>(ASK_EVENTS_TOPIC);
  #first = true;
  readonly #announce: boolean;

  /**
   * `announce`: publish the `generating` phase just before the first delta — for a round that
   * may turn out to call tools instead of answering, only the first delta tells it is answering.
   */
  constructor({ announce = false }: { announce?: boolean } = {}) {
    this.#announce = announce;
    const { attempt } = Context.current().info;
    if (attempt > 1) this.#events.publish({ type: 'reset', reason: `generation retried (attempt ${attempt})` }, { forceFlush: true });
  }

  delta = (content: string): void => {
    if (!content) return;
    if (this.#first && this.#announce) this.#events.publish({ type: 'thinking', phase: 'generating' });
    this.#events.publish({ type: 'delta', content }, { forceFlush: this.#first });
    this.#first = false;
    Context.current().heartbeat();
  };

  /** Readers drop what this attempt streamed (the model went on to call tools instead). */
  discard(reason: string): void {
    if (!this.#first) this.#events.publish({ type: 'reset', reason }, { forceFlush: true });
  }

  /** Waits until every delta is in the workflow's log, so none can arrive after `done`. */
  async close(): Promise<void> {
    await this.#client[Symbol.asyncDispose]();
  }
}
