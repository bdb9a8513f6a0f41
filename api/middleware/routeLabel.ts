import type { Context } from 'koa';

/** The route template a request matched (`/service/ask/:askId/events`), never its raw path: ids would make a label value each. */
export function routeLabel(ctx: Context): string {
  const route = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
  if (typeof route === 'string') return route;
  return ctx.path.startsWith('/console') ? '/console' : 'unmatched';
}
