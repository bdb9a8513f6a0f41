import { Attempt } from './attempt.js';
import { errorFromResponse } from './errorResponse.js';
import { EgoZError } from './errors.js';
import { isRetryable, retryDelayMs, sleep } from './retryPolicy.js';

/** What every call needs: where, who, and how patiently. */
export interface Transport {
  baseUrl: string;
  apiKey: string;
  /** Milliseconds one attempt may take (for a stream: may stay silent). */
  timeout: number;
  /** Further attempts after the first. */
  retries: number;
}

export interface JsonCall {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Whether repeating the request is safe: a GET, or a POST the service de-duplicates (`Idempotency-Key`). */
  repeatable: boolean;
  signal?: AbortSignal | undefined;
}

export function baseHeaders(t: Transport, accept: string): Record<string, string> {
  return { 'X-API-Key': t.apiKey, Accept: accept, 'User-Agent': 'askflow-node' };
}

/** One request with a JSON answer, retried (when `repeatable`) while the failure is one a retry can cure. */
export async function callJson(t: Transport, call: JsonCall): Promise<unknown> {
  for (let retry = 0; ; retry++) {
    try {
      return await attemptJson(t, call);
    } catch (err) {
      if (!call.repeatable || retry >= t.retries || !isRetryable(err)) throw err;
      await sleep(retryDelayMs(err, retry), call.signal);
    }
  }
}

/** One attempt: the timeout covers the whole exchange, body included, since a server can stall mid-answer. */
async function attemptJson(t: Transport, call: JsonCall): Promise<unknown> {
  const attempt = new Attempt(call.signal, t.timeout);
  let text: string;
  let response: Response;
  try {
    response = await fetch(`${t.baseUrl}${call.path}`, {
      method: call.method,
      headers: {
        ...baseHeaders(t, 'application/json'),
        ...(call.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...call.headers,
      },
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
      signal: attempt.signal,
    });
    text = await response.text();
  } catch (err) {
    throw attempt.failure(err, t.baseUrl);
  } finally {
    attempt.dispose();
  }
  if (!response.ok) throw errorFromResponse(response.status, response.headers, text);
  // 204: done, nothing to read.
  if (response.status === 204) return null;
  try {
    return JSON.parse(text);
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
    cause,
  });
}
