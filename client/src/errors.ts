/** Base of every error the client throws: `code`, `message`, HTTP `status` (when there was one), `requestId`. */
export class EgoZError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number | null = null,
    readonly requestId: string | null = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The API key is missing, invalid, revoked or not for this tenant (HTTP 401). */
export class AuthenticationError extends EgoZError {}

/** The request was refused as invalid (HTTP 400): `code` is `ValidationError`, `InvalidInput` or `MODEL_NOT_ALLOWED`. */
export class ValidationError extends EgoZError {}

/** The service could not be reached or the connection broke. */
export class NetworkError extends EgoZError {}

/** No answer within the client's `timeout`. */
export class TimeoutError extends EgoZError {}

/** Too many requests (HTTP 429); wait `retryAfter` seconds. */
export class RateLimitError extends EgoZError {
  constructor(message: string, code: string, status: number, requestId: string | null, readonly retryAfter: number) {
    super(message, code, status, requestId);
  }
}
