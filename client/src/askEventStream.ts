import { askEvents, type AskEventsRequest, type AskEventsState, type AskStreamEvent } from './askEvents.js';
import type { Transport } from './transport.js';

/**
 * What `askStreamIter()` returns: an async iterator of the ask's events. Nothing is sent until
 * the first `next()` (the first turn of `for await`). Leaving the loop early (`break`, `return`,
 * a thrown error) closes the connection at once; the ask itself still completes server-side.
 */
export class AskEventStream implements AsyncIterableIterator<AskStreamEvent> {
  readonly #state: AskEventsState = { askId: null };
  readonly #events: AsyncGenerator<AskStreamEvent, void, undefined>;

  /** Made by `AskflowClient.askStreamIter()`; not meant to be constructed directly. */
  constructor(transport: Transport, request: AskEventsRequest) {
    this.#events = askEvents(transport, request, this.#state);
  }

  /** The ask's id (`Askflow-Ask-Id`), known once the stream has opened; `cancel()` takes it. */
  get askId(): string | null {
    return this.#state.askId;
  }

  next(): Promise<IteratorResult<AskStreamEvent, void>> {
    return this.#events.next();
  }

  /** Stops reading and closes the connection (what `break` does). */
  return(): Promise<IteratorResult<AskStreamEvent, void>> {
    return this.#events.return(undefined);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
