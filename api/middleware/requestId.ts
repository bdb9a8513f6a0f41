import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { withLogContext } from '../../config/logContext.js';
import type { State } from '../state.js';

/** Every response carries `X-Request-Id`; error bodies repeat it so a bug report can quote it. */
export function requestId(): Middleware<State> {
  return async (ctx, next) => {
    ctx.state.requestId = randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    // Every log line written while this request is handled carries its id.
    await withLogContext({ requestId: ctx.state.requestId }, next);
  };
}
