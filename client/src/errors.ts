export interface EgoZErrorInit {
  /** The service's error code (`NotFound`, `MODEL_NOT_ALLOWED`, `Cancelled`…) or the client's own (`NetworkError`, `Timeout`, `Aborted`). */
  code: string;
  /** HTTP status of the response that failed; null when there was none (network, timeout, stream event). */
  status?: number | null;
  /** The service's request id (`X-Request-Id`): quote it in a bug report. */
  requestId?: string | null;
  cause?: unknown;
}

/** Base of every error the client throws: `code`, `message`, HTTP `status` (when there was one), `requestId`. */
export class EgoZError extends Error {
  readonly code: string;
  readonly status: number | null;
  readonly requestId: string | null;

  constructor(message: string, init: EgoZErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = init.code;
    this.status = init.status ?? null;
    this.requestId = init.requestId ?? null;
  }
}

/** The API key is missing, invalid, revoked or not for this tenant (HTTP 401). Retrying cannot help. */
export class AuthenticationError extends EgoZError {}

/** One field-level problem of a refused request. */
export interface ValidationDetail {
  path: string;
  message: string;
}

/**
 * The request was refused as invalid (HTTP 400): `code` is `ValidationError`, `InvalidInput` or
 * `MODEL_NOT_ALLOWED` (re-read the menu with `listModels()`; do not resend the same body).
 */
export class ValidationError extends EgoZError {
  /** Which fields were wrong, when the service said so. */
  readonly details: ValidationDetail[];

  constructor(message: string, init: EgoZErrorInit & { details?: ValidationDetail[] }) {
    super(message, init);
    this.details = init.details ?? [];
  }
}

/** The service could not be reached, or the connection broke, on every attempt. */
export class NetworkError extends EgoZError {}

/** No answer within the client's `timeout` on every attempt, or the service's own ask timeout (HTTP 504). */
export class TimeoutError extends EgoZError {}

/** Too many requests (HTTP 429), still so after the client's retries: wait `retryAfter` seconds. */
export class RateLimitError extends EgoZError {
  /** Seconds to wait before the next request, from the service's `Retry-After`. */
  readonly retryAfter: number;

  constructor(message: string, init: EgoZErrorInit & { retryAfter: number }) {
    super(message, init);
    this.retryAfter = init.retryAfter;
  }
}
