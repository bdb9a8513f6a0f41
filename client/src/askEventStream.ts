import type { WithResponse } from './apiPromise.js';
import { askEvents, type AskEventsRequest, type AskEventsState, type AskStreamEvent } from './askEvents.js';
import type { Transport } from './transport.js';

/**
 * What `askStreamIter()` returns: an async iterator of the ask's events. Nothing is sent until
 * the first `next()` (the first turn of `for await`) or `withResponse()`. Leaving the loop early
 * (`break`, `return`, a thrown error) closes the connection at once; the ask itself still
 * completes server-side.
 */
export class AskEventStream implements AsyncIterableIterator<AskStreamEvent> {
  readonly #state: AskEventsState = { askId: null, response: null };
  readonly #events: AsyncGenerator<AskStreamEvent, void, undefined>;
  /** The first event, read early by `withResponse()`, for the next `next()`. */
  #peeked: Promise<IteratorResult<AskStreamEvent, void>> | null = null;

  /** Made by `AskflowClient.askStreamIter()`; not meant to be constructed directly. */
  constructor(transport: Transport, request: AskEventsRequest) {
    this.#events = askEvents(transport, request, this.#state);
  }

  /** The ask's id (`Askflow-Ask-Id`), known once the stream has opened; `cancel()` takes it. */
  get askId(): string | null {
    return this.#state.askId;
  }

  /** `X-Request-Id` of the response being read, known once the stream has opened. */
  get requestId(): string | null {
    return this.#state.response?.headers.get('x-request-id') ?? null;
  }

  /**
   * Opens the stream (if the loop has not yet) and gives the HTTP response it arrived in, e.g.
   * for its headers; iterate `data` (this stream) as usual afterwards, from its first event.
   */
  async withResponse(): Promise<WithResponse<this>> {
    if (this.#state.response === null) {
      this.#peeked ??= this.#events.next();
      await this.#peeked;
    }
    return { data: this, response: this.#state.response, requestId: this.requestId };
  }

  next(): Promise<IteratorResult<AskStreamEvent, void>> {
    const peeked = this.#peeked;
    this.#peeked = null;
    return peeked ?? this.#events.next();
  }

  /** Stops reading and closes the connection (what `break` does). */
  return(): Promise<IteratorResult<AskStreamEvent, void>> {
    this.#peeked = null;
    return this.#events.return(undefined);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
