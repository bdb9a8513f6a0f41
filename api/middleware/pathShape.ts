import type { Middleware } from 'koa';
import { ApiError } from '../errors.js';
import type { State } from '../state.js';

/**
 * A NUL in the path (`%00`) reaches route parameters decoded, and from there PostgreSQL, which
 * refuses it in text: refused here at once, for every route, as the body and query are.
 */
export function pathShape(): Middleware<State> {
  return async (ctx, next) => {
    if (/%00/i.test(ctx.path) || ctx.path.includes('\0')) throw new ApiError('ValidationError', 'The path must not contain a NUL character (%00)');
    await next();
  };
}
