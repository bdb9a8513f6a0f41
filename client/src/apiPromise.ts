/** A call's result with the HTTP response it came in and the service's request id. */
export interface WithResponse<T> {
  data: T;
  /** The response (its body already read); null for a `ping()` that reached nothing. */
  response: Response | null;
  /** `X-Request-Id` of that response: quote it when reporting a problem. */
  requestId: string | null;
}

/** A result object that also carries the request id of the response it came in (not enumerable: it stays out of JSON). */
export type WithRequestId<T> = T & { readonly requestId: string | null };

/** Adds `requestId` to an object result, hidden from `JSON.stringify` and spreading. */
export function withRequestId<T>(data: T, requestId: string | null): WithRequestId<T> {
  if (typeof data === 'object' && data !== null && !Object.prototype.hasOwnProperty.call(data, 'requestId')) {
    Object.defineProperty(data, 'requestId', { value: requestId, enumerable: false });
  }
  return data as WithRequestId<T>;
}

/**
 * What every call returns: a promise of its result, which `await` gives as usual, plus
 * `.withResponse()` for the raw `Response` and request id beside it. The request is sent at once,
 * whichever way the result is read.
 */
export class AskflowPromise<T> extends Promise<T> {
  readonly #result: Promise<WithResponse<T>>;
  #data: Promise<T> | undefined;

  constructor(result: Promise<WithResponse<T>>) {
    // The value handed to `super` is never seen: `then` reads #result instead.
    super((resolve) => resolve(undefined as T));
    this.#result = result;
  }

  // `then` of a subclass would otherwise build another AskflowPromise through this constructor.
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  /** `{ data, response, requestId }`: the result with the HTTP response it came in. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#result;
  }

  // Made on first use, so a caller that only reads withResponse() leaves no unhandled rejection.
  #dataPromise(): Promise<T> {
    this.#data ??= this.#result.then((r) => r.data);
    return this.#data;
  }

  override then<R1 = T, R2 = never>(onFulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null, onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null): Promise<R1 | R2> {
    return this.#dataPromise().then(onFulfilled, onRejected);
  }

  override catch<R = never>(onRejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.#dataPromise().catch(onRejected);
  }

  override finally(onFinally?: (() => void) | null): Promise<T> {
    return this.#dataPromise().finally(onFinally);
  }
}
