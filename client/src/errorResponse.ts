import {
  AuthenticationError,
  BudgetExceededError,
  ConflictError,
  EgoZError,
  InternalServerError,
  ModelNotAllowedError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
  TimeoutError,
  ValidationError,
  type EgoZErrorInit,
  type ValidationDetail,
} from './errors.js';

/** `Retry-After` in seconds (it may be a number of seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(headers: Headers): number | null {
  const raw = headers.get('retry-after');
  if (raw === null || raw.trim() === '') return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

interface ErrorBodyFields {
  code: string;
  message: string;
  requestId: string | null;
  details: ValidationDetail[] | null;
}

/**
 * The service's error body, `{"error":{code,message,requestId,details?}}` (the contract's
 * `ErrorBodySchema`), read without loading zod; null for anything else (a proxy's HTML page).
 */
function errorBodyOf(bodyText: string): ErrorBodyFields | null {
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    return null;
  }
  const error = (json as { error?: Record<string, unknown> } | null)?.error;
  if (typeof error?.code !== 'string' || typeof error.message !== 'string') return null;
  const details = Array.isArray(error.details)
    ? (error.details as unknown[]).filter((d): d is ValidationDetail => typeof (d as ValidationDetail)?.path === 'string' && typeof (d as ValidationDetail).message === 'string')
    : null;
  return { code: error.code, message: error.message, requestId: typeof error.requestId === 'string' ? error.requestId : null, details };
}

/**
 * The error class that matches a failed response, by its status (and, for a refused model, its
 * code). A body that is not the service's still gives a useful error from the status alone.
 */
export function errorFromResponse(status: number, headers: Headers, bodyText: string): EgoZError {
  const body = errorBodyOf(bodyText);
  const init: EgoZErrorInit = {
    code: body?.code ?? `HTTP_${status}`,
    status,
    requestId: body?.requestId ?? headers.get('x-request-id'),
    headers,
  };
  const message = body?.message ?? `HTTP ${status}${bodyText ? `: ${bodyText.slice(0, 200)}` : ''}`;

  if (status === 400 || status === 413 || status === 415 || status === 422 || status === 431) {
    const validation = { ...init, ...(body?.details ? { details: body.details } : {}) };
    return init.code === 'MODEL_NOT_ALLOWED' ? new ModelNotAllowedError(message, validation) : new ValidationError(message, validation);
  }
  if (status === 401) return new AuthenticationError(message, init);
  if (status === 402) return new BudgetExceededError(message, { ...init, retryAfter: retryAfterSeconds(headers) });
  if (status === 403) return new PermissionDeniedError(message, init);
  if (status === 404) return new NotFoundError(message, init);
  if (status === 409) return new ConflictError(message, init);
  if (status === 429) return new RateLimitError(message, { ...init, retryAfter: retryAfterSeconds(headers) ?? 1 });
  // The service gave up waiting for the answer (it is still completed and stored).
  if (status === 504 || status === 408) return new TimeoutError(message, init);
  if (status === 503) return new ServiceUnavailableError(message, { ...init, retryAfter: retryAfterSeconds(headers) });
  if (status >= 500) return new InternalServerError(message, init);
  return new EgoZError(message, init);
}
