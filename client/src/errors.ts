export interface EgoZErrorInit {
  /** The service's error code (`NotFound`, `MODEL_NOT_ALLOWED`, `Cancelled`…) or the client's own (`NetworkError`, `Timeout`, `Aborted`). */
  code: string;
  /** HTTP status of the response that failed; null when there was none (network, timeout, stream event). */
  status?: number | null;
  /** The service's request id (`X-Request-Id`): quote it in a bug report. */
  requestId?: string | null;
  /** The failed response's headers; null when there was no response. */
  headers?: Headers | null;
  cause?: unknown;
}

/** Base of every error the client throws: `code`, `message`, HTTP `status` (when there was one), `requestId`, `headers`. */
export class EgoZError extends Error {
  readonly code: string;
  readonly status: number | null;
  readonly requestId: string | null;
  readonly headers: Headers | null;

  constructor(message: string, init: EgoZErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = init.code;
    this.status = init.status ?? null;
    this.requestId = init.requestId ?? null;
    this.headers = init.headers ?? null;
  }
}

/** The API key (or owner token) is missing, invalid, revoked or not for this tenant (HTTP 401). Retrying cannot help. */
export class AuthenticationError extends EgoZError {}

/** The credentials are good but may not do this (HTTP 403), e.g. a console session's change without its CSRF token. */
export class PermissionDeniedError extends EgoZError {}

/** What the request names does not exist, or belongs to another project or owner (HTTP 404): an unknown `threadId`, ask, project… */
export class NotFoundError extends EgoZError {}

/**
 * The request conflicts with the current state (HTTP 409): `ThreadBusy` (the thread answers
 * another ask and the project's policy is `reject`), `IdempotencyKeyReused` (the same key with
 * another body), `Conflict` (an ask already finished, a name taken), `Cancelled`.
 */
export class ConflictError extends EgoZError {}

/** One field-level problem of a refused request. */
export interface ValidationDetail {
  path: string;
  message: string;
}

/**
 * The request was refused as invalid (HTTP 400; also 413, 415, 422, 431): `code` is
 * `ValidationError`, `InvalidInput`, `PayloadTooLarge`… A refused `model` is the subclass
 * `ModelNotAllowedError`.
 */
export class ValidationError extends EgoZError {
  /** Which fields were wrong, when the service said so. */
  readonly details: ValidationDetail[];

  constructor(message: string, init: EgoZErrorInit & { details?: ValidationDetail[] }) {
    super(message, init);
    this.details = init.details ?? [];
  }
}

/**
 * The ask's `model` is not on the project's menu, or switching is off (400 `MODEL_NOT_ALLOWED`):
 * re-read the menu with `listModels()`, and do not resend the same body.
 */
export class ModelNotAllowedError extends ValidationError {}

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

/**
 * A budget cap of the project or of the key is reached (HTTP 402 `BudgetExceeded`): asks are
 * refused until the cap's day or month resets, in `retryAfter` seconds. Not retried.
 */
export class BudgetExceededError extends EgoZError {
  /** Seconds until the cap resets, from `Retry-After`; null when the service did not say. */
  readonly retryAfter: number | null;

  constructor(message: string, init: EgoZErrorInit & { retryAfter: number | null }) {
    super(message, init);
    this.retryAfter = init.retryAfter;
  }
}

/** The service failed on its side (HTTP 500 `Internal`, 502 `ProviderError`…), still so after the retries. */
export class InternalServerError extends EgoZError {}

/**
 * The service cannot answer right now (HTTP 503 `Unavailable`: no worker is running, a database
 * is down), still so after the retries; `retryAfter` says when to try again.
 */
export class ServiceUnavailableError extends EgoZError {
  /** Seconds to wait, from `Retry-After`; null when the service did not say. */
  readonly retryAfter: number | null;

  constructor(message: string, init: EgoZErrorInit & { retryAfter: number | null }) {
    super(message, init);
    this.retryAfter = init.retryAfter;
  }
}
