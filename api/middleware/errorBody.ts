import type { Context, Middleware } from 'koa';
import type { ErrorBody } from '@askflow/contract';
import type { Logger } from '../../config/logger.js';
import { ApiError } from '../errors.js';
import { isDependencyDown } from './dependencyDown.js';
import type { State } from '../state.js';

/** How a door writes an error: its status (usually the error's own) and body. */
export type ErrorFormat = (error: ApiError, requestId: string) => { status: number; body: unknown };

/** Askflow's error body: `{"error":{code,message,requestId,details?}}` with the code's status. */
const askflowError: ErrorFormat = (error, requestId) => ({
  status: error.status,
  body: {
    error: { code: error.code, message: error.message, requestId, ...(error.details ? { details: error.details } : {}) },
  } satisfies ErrorBody,
});

/**
 * Any failure of a request (for which `applies`, by default every one) becomes an error body in
 * the door's `format` — Askflow's unless it says otherwise — with the error's headers (`Retry-After`).
 */
export function errorBody(log: Logger, format: ErrorFormat = askflowError, applies: (ctx: Context) => boolean = () => true): Middleware<State> {
  return async (ctx, next) => {
    if (!applies(ctx)) return next();
    try {
      await next();
      const unanswered = unansweredError(ctx);
      if (unanswered) throw unanswered;
    } catch (err) {
      const apiError = toApiError(err);
      if (apiError.status >= 500) log.error({ err, requestId: ctx.state.requestId }, 'request failed');
      const { status, body } = format(apiError, ctx.state.requestId);
      ctx.status = status;
      ctx.set(apiError.headers);
      ctx.body = body;
    }
  };
}

/** The error for a request no route answered (404; 405 or 501 for a method), or null when one did. */
function unansweredError(ctx: Context): ApiError | null {
  if (ctx.body !== undefined && ctx.body !== null) return null;
  if (ctx.status === 404) return new ApiError('NotFound', `No route for ${ctx.method} ${ctx.path}`);
  // The router's answer for a known path and another method: it has set `Allow` already.
  if (ctx.status === 405) return new ApiError('MethodNotAllowed', `${ctx.method} is not allowed on ${ctx.path}; allowed: ${ctx.response.get('Allow') || 'none'}`);
  if (ctx.status === 501) return new ApiError('MethodNotAllowed', `${ctx.method} is not a method this service answers`);
  return null;
}

/** Any failure as the caller should see it: ours as thrown, Koa's and the body parser's by status, the rest `Internal`. */
function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  // Koa and its body parser throw http-errors with `status` and `expose`.
  const e = err as { status?: number; expose?: boolean; message?: string; type?: string };
  if (isDependencyDown(err)) return new ApiError('Unavailable', 'A service Askflow depends on is unavailable; try again shortly', undefined, { 'Retry-After': '1' });
  if (e.status === 413) return new ApiError('PayloadTooLarge', 'Request body is too large');
  if (e.status === 415) return new ApiError('UnsupportedMediaType', e.message ?? 'Unsupported media type');
  // A Content-Encoding the body does not match (e.g. `gzip` on plain JSON): zlib's Z_* errors,
  // and brotli's (`ERR__ERROR_FORMAT_…`, `ERR_BROTLI_…`).
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('Z_') || code.startsWith('ERR__ERROR_FORMAT') || code.startsWith('ERR_BROTLI'))) {
    return new ApiError('ValidationError', `Request body could not be decoded as its Content-Encoding says: ${e.message ?? 'corrupt data'}`);
  }
  if (err instanceof SyntaxError && e.status === 400) {
    // The parser (co-body's bourne) refuses valid JSON that could poison prototypes: say so, not "invalid".
    if (/forbidden prototype property/.test(e.message ?? '')) return new ApiError('ValidationError', 'Request body has a "__proto__" or "constructor.prototype" key, which is not accepted');
    // Valid JSON that is not an object or array (`null`, `"hi"`, `42`): the parser's strict mode refuses it.
    if (/only supports object and array/.test(e.message ?? '')) return new ApiError('ValidationError', 'Request body must be a JSON object');
    return new ApiError('ValidationError', 'Request body is not valid JSON');
  }
  if (e.status && e.status >= 400 && e.status < 500 && e.expose) return new ApiError('ValidationError', e.message ?? 'Bad request');
  return new ApiError('Internal', 'Internal error');
}
