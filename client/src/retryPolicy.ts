import { EgoZError, NetworkError, RateLimitError, TimeoutError } from './errors.js';

/** A `Retry-After` longer than this is handed to the caller (as `RateLimitError`) instead of waited out silently. */
export const MAX_RETRY_AFTER_SECONDS = 60;
const INITIAL_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;

/**
 * 5xx codes that report the final outcome of a run the service has already retried itself
 * (the model refused, or kept failing over its own attempts): asking again repeats that work
 * to the same end, so they are not retried.
 */
const FINAL_SERVER_CODES = new Set(['ProviderError', 'ModelOutputInvalid']);

/**
 * Whether a failed attempt may be repeated. Only failures a second attempt can cure: the
 * network, a timeout, 429 and 5xx. Never a 4xx answer about the request itself (400, 401, 404,
 * 409…): it would fail the same way. Callers only ask this for requests that are safe to
 * repeat (GETs, and asks that carry an `Idempotency-Key`).
 */
export function isRetryable(err: unknown): err is EgoZError {
  if (err instanceof NetworkError || err instanceof TimeoutError) return true;
  if (err instanceof RateLimitError) return err.retryAfter <= MAX_RETRY_AFTER_SECONDS;
  if (err instanceof EgoZError && err.status !== null && err.status >= 500) return !FINAL_SERVER_CODES.has(err.code);
  return false;
}

/**
 * How long to wait before retry number `retry` (0 for the first retry): the service's
 * `Retry-After` for a 429, else exponential backoff with jitter, so clients that failed
 * together do not come back together.
 */
export function retryDelayMs(err: EgoZError, retry: number): number {
  if (err instanceof RateLimitError) return err.retryAfter * 1000 + Math.random() * 250;
  const backoff = Math.min(MAX_BACKOFF_MS, INITIAL_BACKOFF_MS * 2 ** retry);
  return backoff * (1 - Math.random() * 0.5);
}

/** The error thrown when the caller's `AbortSignal` fires. */
export function abortedError(signal: AbortSignal): EgoZError {
  return new EgoZError('The request was aborted by its AbortSignal', { code: 'Aborted', cause: signal.reason });
}

/** Waits `ms`, or rejects with an `Aborted` error as soon as `signal` fires. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
