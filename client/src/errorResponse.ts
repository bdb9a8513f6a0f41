import { ErrorBodySchema } from '@askflow/contract';
import { AuthenticationError, EgoZError, RateLimitError, TimeoutError, ValidationError } from './errors.js';

/** `Retry-After` in seconds (it may be a number of seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(headers: Headers): number | null {
  const raw = headers.get('retry-after');
  if (raw === null || raw.trim() === '') return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * The error class that matches a failed response. The body is the service's
 * `{"error":{code,message,requestId}}`; anything else (a proxy's HTML page, say) still gives a
 * useful error from the status alone.
 */
export function errorFromResponse(status: number, headers: Headers, bodyText: string): EgoZError {
  let json: unknown = null;
  try {
    json = JSON.parse(bodyText);
  } catch {
    // Not JSON: fall through to the status-only error.
  }
  const parsed = ErrorBodySchema.safeParse(json);
  const body = parsed.success ? parsed.data.error : null;
  const init = {
    code: body?.code ?? `HTTP_${status}`,
    status,
    requestId: body?.requestId ?? headers.get('x-request-id'),
  };
  const message = body?.message ?? `HTTP ${status}${bodyText ? `: ${bodyText.slice(0, 200)}` : ''}`;

  if (status === 401 || status === 403) return new AuthenticationError(message, init);
  if (status === 400 || status === 413 || status === 415 || status === 422) {
    return new ValidationError(message, { ...init, ...(body?.details ? { details: body.details } : {}) });
  }
  if (status === 429) return new RateLimitError(message, { ...init, retryAfter: retryAfterSeconds(headers) ?? 1 });
  // The service gave up waiting for the answer (it is still completed and stored).
  if (status === 504 || status === 408) return new TimeoutError(message, init);
  return new EgoZError(message, init);
}
