import * as z from 'zod';

/** Every error code the service answers with, and the HTTP status each one travels with. */
export const ERROR_STATUS = {
  InvalidInput: 400,
  ValidationError: 400,
  MODEL_NOT_ALLOWED: 400,
  Unauthorized: 401,
  /** A budget cap (tokens or cost, per day or month, of the project or the key) is reached. */
  BudgetExceeded: 402,
  /** A cookie-authenticated change without the matching X-CSRF-Token header. */
  CsrfFailed: 403,
  NotFound: 404,
  /** The path exists, not with this method; `Allow` lists the ones it has. */
  MethodNotAllowed: 405,
  /** The request's headers or body did not arrive within the server's time limit. */
  RequestTimeout: 408,
  Conflict: 409,
  IdempotencyKeyReused: 409,
  Cancelled: 409,
  /** The thread is answering another ask and the project's thread policy is `reject`. */
  ThreadBusy: 409,
  UnsupportedMediaType: 415,
  PayloadTooLarge: 413,
  /** The request's headers are larger than the server reads. */
  HeadersTooLarge: 431,
  RateLimited: 429,
  Internal: 500,
  ProviderError: 502,
  ModelOutputInvalid: 502,
  Unavailable: 503,
  Timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string(),
    /** Field-level problems of a `ValidationError`: where and what. */
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
