import type { Middleware } from 'koa';
import { logContext, traceFields } from '../../config/logContext.js';
import type { Logger } from '../../config/logger.js';
import { routeLabel } from './routeLabel.js';

/**
 * One line per request when its response ends (a stream: when it closes), with the request's
 * context — requestId, trace id, and tenant and askId once known — taken now: the socket's close
 * event runs outside the request's async context.
 */
export function accessLog(log: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const fields = logContext();
    const trace = traceFields();
    ctx.res.once('close', () => {
      log.info({ ...fields, ...trace, method: ctx.method, route: routeLabel(ctx), status: ctx.status, ms: Math.round(performance.now() - started) }, 'request');
    });
    await next();
  };
}
