import { EgoZError, NetworkError, TimeoutError } from './errors.js';
import { abortedError } from './retryPolicy.js';

type StopReason = 'timeout' | 'caller' | 'closed';

/**
 * The abort controller of one HTTP attempt. It fires on the caller's signal, on the timeout
 * timer, or by hand (a consumer that stopped reading), and remembers which, so a failed
 * `fetch` or read can be reported as what really happened.
 */
export class Attempt {
  readonly #controller = new AbortController();
  readonly #callerSignal: AbortSignal | undefined;
  readonly #timeoutMs: number;
  readonly #onCallerAbort = () => this.stop('caller');
  #timer: ReturnType<typeof setTimeout> | undefined;
  #reason: StopReason | null = null;

  constructor(callerSignal: AbortSignal | undefined, timeoutMs: number) {
    this.#callerSignal = callerSignal;
    this.#timeoutMs = timeoutMs;
    if (callerSignal?.aborted) this.stop('caller');
    else callerSignal?.addEventListener('abort', this.#onCallerAbort, { once: true });
    this.restartTimer();
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get stopReason(): StopReason | null {
    return this.#reason;
  }

  /** (Re)arms the timeout: for a stream, it measures silence, so each chunk received restarts it. */
  restartTimer(): void {
    clearTimeout(this.#timer);
    if (this.#reason === null) this.#timer = setTimeout(() => this.stop('timeout'), this.#timeoutMs);
  }

  stop(reason: StopReason): void {
    if (this.#reason !== null) return;
    this.#reason = reason;
    clearTimeout(this.#timer);
    this.#controller.abort();
  }

  /** Releases the timer and the listener on the caller's signal (it may outlive many attempts). */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#callerSignal?.removeEventListener('abort', this.#onCallerAbort);
  }

  /** What a thrown `fetch` or body read means, given why (if at all) this attempt was stopped. */
  failure(err: unknown, baseUrl: string): EgoZError {
    if (err instanceof EgoZError) return err;
    if (this.#reason === 'caller') return abortedError(this.#callerSignal!);
    if (this.#reason === 'timeout') {
      return new TimeoutError(`No answer from ${baseUrl} within the client's timeout of ${this.#timeoutMs} ms`, { code: 'Timeout', cause: err });
    }
    const detail = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
    return new NetworkError(`Could not reach ${baseUrl}: ${detail}`, { code: 'NetworkError', cause: err });
  }
}
