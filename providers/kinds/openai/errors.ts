// How failures of the `openai` SDK map to ProviderError, shared by every client of an
// OpenAI-compatible server (chat completions, embeddings) so they retry alike under Temporal.
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { ProviderError } from '../../errors.js';
import { retryAfterMs } from '../../../net/retryAfter.js';

export interface ErrorContext {
  /** Provider name, for messages. */
  name: string;
  /** The request's timeout, to recognise a timeout the SDK reported as a connection error. */
  timeoutMs: number;
  /** How long the failed request had been running. */
  elapsedMs: number;
}

export function timeoutError(name: string): ProviderError {
  return new ProviderError(`${name} did not answer in time`, 'timeout', true);
}

/** The SDK's failure as a ProviderError, classified for Temporal's retry policy; anything else as it was. */
export function classifyOpenAIError(err: unknown, { name, timeoutMs, elapsedMs }: ErrorContext): unknown {
  // Timeout first: it is a subclass of APIConnectionError. The SDK recognises its own abort by
  // the error's name, which it loses when fetch runs in another realm (jest's VM contexts),
  // so a connection error that came only once the whole timeout had passed is the timeout
  // (5 ms of slack: timers may fire a hair early against performance.now()).
  if (err instanceof APIConnectionTimeoutError || (err instanceof APIConnectionError && elapsedMs >= timeoutMs - 5)) {
    return timeoutError(name);
  }
  if (err instanceof APIConnectionError) {
    return new ProviderError(`${name} could not be reached: ${describeCause(err)}`, 'network', true);
  }
  if (!(err instanceof APIError)) return err;
  // No status: an error event inside a stream (the HTTP answer was 200), the server failing
  // mid-answer.
  if (err.status === undefined) return new ProviderError(`${name} failed mid-answer: ${providerMessage(err)}`, 'unavailable', true);

  const status = err.status;
  const detail = providerMessage(err);
  const retryAfterMs = retryAfter(err.headers);
  if (status === 429) {
    return new ProviderError(`${name} rate-limited the request: ${detail}`, 'rate_limited', true, retryAfterMs, status);
  }
  // 408 (request timeout) and 409 (conflict, e.g. a lock) are transient, as the SDK itself treats them.
  if (status >= 500 || status === 408 || status === 409) {
    return new ProviderError(`${name} is unavailable (HTTP ${status}): ${detail}`, 'unavailable', true, retryAfterMs, status);
  }
  return new ProviderError(`${name} refused the request (HTTP ${status}): ${detail}`, 'refused', false, undefined, status);
}

function providerMessage(err: APIError): string {
  const body = err.error as { message?: unknown } | undefined;
  return typeof body?.message === 'string' ? body.message : err.message;
}

/** The underlying cause's message (e.g. ECONNREFUSED), else the error's own. */
export function describeCause(err: unknown): string {
  const { message, cause } = (err ?? {}) as { message?: unknown; cause?: { message?: unknown } };
  const text = typeof cause?.message === 'string' ? cause.message : message;
  return typeof text === 'string' ? text : String(err);
}

/** `retry-after-ms` (OpenAI's), else `retry-after` in seconds or as an HTTP date. */
function retryAfter(headers: Headers | undefined): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  return retryAfterMs(headers?.get('retry-after'));
}
