import type { Middleware } from 'koa';
import { httpDuration, httpRequests } from '../../metrics/askMetrics.js';
import { routeLabel } from './routeLabel.js';

/**
 * Counts every request by method, route template (`/service/ask/:askId/events`, never the raw
 * path: ids would make a series each) and status, timed until the response ends — for a stream,
 * when it closes.
 */
export function httpMetrics(): Middleware {
  return async (ctx, next) => {
    const done = httpDuration.startTimer();
    ctx.res.once('close', () => {
      const labels = { method: ctx.method, route: routeLabel(ctx) };
      done(labels);
      httpRequests.inc({ ...labels, status: String(ctx.status) });
    });
    await next();
  };
}
