import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

/** Every response carries `X-Request-Id`; error bodies repeat it so a bug report can quote it. */
export function requestId(): Middleware {
  return async (ctx, next) => {
    ctx.state.requestId = randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    await next();
  };
}
