import type { Middleware } from 'koa';
import type { ErrorBody } from '@askflow/contract';
import type { Logger } from '../../config/logger.js';
import { ApiError } from '../errors.js';
import { isDependencyDown } from './dependencyDown.js';
import type { State } from '../state.js';

/** Any failure becomes `{"error":{code,message,requestId}}` with the matching status. */
export function errorBody(log: Logger): Middleware<State> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body === undefined || ctx.body === null) {
        if (ctx.status === 404) throw new ApiError('NotFound', `No route for ${ctx.method} ${ctx.path}`);
        // The router's answer for a known path and another method: it has set `Allow` already.
        if (ctx.status === 405) throw new ApiError('MethodNotAllowed', `${ctx.method} is not allowed on ${ctx.path}; allowed: ${ctx.response.get('Allow') || 'none'}`);
        if (ctx.status === 501) throw new ApiError('MethodNotAllowed', `${ctx.method} is not a method this service answers`);
      }
    } catch (err) {
      const apiError = toApiError(err);
      if (apiError.status >= 500) log.error({ err, requestId: ctx.state.requestId }, 'request failed');
      const body: ErrorBody = {
        error: {
          code: apiError.code,
          message: apiError.message,
          requestId: ctx.state.requestId,
          ...(apiError.details ? { details: apiError.details } : {}),
        },
      };
      ctx.status = apiError.status;
      ctx.set(apiError.headers);
      ctx.body = body;
    }
  };
}

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
  if (err instanceof SyntaxError && e.status === 400) return new ApiError('ValidationError', 'Request body is not valid JSON');
  if (e.status && e.status >= 400 && e.status < 500 && e.expose) return new ApiError('ValidationError', e.message ?? 'Bad request');
  return new ApiError('Internal', 'Internal error');
}
