import type { WithResponse } from './apiPromise.js';
import { Attempt } from './attempt.js';
import { errorFromResponse } from './errorResponse.js';
import { EgoZError } from './errors.js';
import type { Logger } from './logger.js';
import { isRetryable, retryDelayMs, sleep } from './retryPolicy.js';

/** The platform's `fetch` signature; pass your own (a proxy agent, a test double, instrumentation). */
export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** What every call needs: where, who, how patiently, and through which fetch. */
export interface Transport {
  baseUrl: string;
  /** The headers that authenticate every call (`X-API-Key`, or `Authorization` for the owner). */
  auth: Record<string, string>;
  /** Milliseconds one attempt may take (for a stream: may stay silent). */
  timeout: number;
  /** Further attempts after the first. */
  retries: number;
  fetch: Fetch;
  fetchOptions: RequestInit;
  log: Logger;
  userAgent: string | null;
}

export interface JsonCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Whether repeating the request is safe: a GET, or a POST the service de-duplicates (`Idempotency-Key`). */
  repeatable: boolean;
  signal?: AbortSignal | undefined;
}

/** The request's headers: the caller's `fetchOptions` ones, then the client's own, which win. */
export function requestHeaders(t: Transport, accept: string, own: Record<string, string> = {}): Headers {
  const headers = new Headers(t.fetchOptions.headers);
  headers.set('Accept', accept);
  if (t.userAgent) headers.set('User-Agent', t.userAgent);
  for (const [name, value] of Object.entries({ ...t.auth, ...own })) headers.set(name, value);
  return headers;
}

/** One HTTP exchange through the configured fetch, logged at `debug` (never its headers or body). */
export async function send(t: Transport, path: string, init: RequestInit & { method: string; headers: Headers }, signal: AbortSignal): Promise<Response> {
  const started = Date.now();
  t.log.debug(`askflow → ${init.method} ${path}`);
  const response = await t.fetch(`${t.baseUrl}${path}`, { ...t.fetchOptions, ...init, signal });
  t.log.debug(`askflow ← ${init.method} ${path} ${response.status} in ${Date.now() - started} ms (request ${response.headers.get('x-request-id') ?? '-'})`);
  return response;
}

/** One request with a JSON answer, retried (when `repeatable`) while the failure is one a retry can cure. */
export async function callJson(t: Transport, call: JsonCall): Promise<WithResponse<unknown>> {
  for (let retry = 0; ; retry++) {
    try {
      return await attemptJson(t, call);
    } catch (err) {
      if (!call.repeatable || retry >= t.retries || !isRetryable(err)) throw err;
      const delay = retryDelayMs(err, retry);
      t.log.info(`askflow: ${call.method} ${call.path} failed (${err.code}${err.status ? ` ${err.status}` : ''}); retry ${retry + 1} of ${t.retries} in ${Math.round(delay)} ms`);
      await sleep(delay, call.signal);
    }
  }
}

/** One attempt: the timeout covers the whole exchange, body included, since a server can stall mid-answer. */
async function attemptJson(t: Transport, call: JsonCall): Promise<WithResponse<unknown>> {
  const attempt = new Attempt(call.signal, t.timeout);
  let text: string;
  let response: Response;
  try {
    const headers = requestHeaders(t, 'application/json', { ...(call.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...call.headers });
    response = await send(t, call.path, { method: call.method, headers, ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}) }, attempt.signal);
    text = await response.text();
  } catch (err) {
    throw attempt.failure(err, t.baseUrl);
  } finally {
    attempt.dispose();
  }
  if (!response.ok) throw errorFromResponse(response.status, response.headers, text);
  const requestId = response.headers.get('x-request-id');
  // 204: done, nothing to read.
  if (response.status === 204 || text === '') return { data: null, response, requestId };
  try {
    return { data: JSON.parse(text) as unknown, response, requestId };
  } catch (err) {
    throw invalidResponse(`${call.method} ${call.path} answered ${response.status} with a body that is not JSON`, response, err);
  }
}

/** The service answered something the client cannot read (a proxy in the way, or a version mismatch). */
export function invalidResponse(message: string, response: Response | null, cause?: unknown): EgoZError {
  return new EgoZError(message, {
    code: 'InvalidResponse',
    status: response?.status ?? null,
    requestId: response?.headers.get('x-request-id') ?? null,
    headers: response?.headers ?? null,
    cause,
  });
}
