import { createApp, type AppDeps } from '../../api/app.js';

export interface Route {
  method: string;
  /** Koa-router path with `:params`. */
  path: string;
}

/**
 * Every route the api serves, read off its own routers (an app built with inert dependencies:
 * nothing is called), so a route added later is fuzzed and walled without touching these tests.
 * The console's static files are not a router: they are added by hand.
 */
export function appRoutes(): Route[] {
  const inert = {} as never;
  const app = createApp({
    pool: inert, log: inert, temporal: inert, temporalConnection: inert, vectorIndex: inert, throttles: inert, rateLimits: inert, workers: inert,
    trustProxy: true, taskQueue: 'fuzz', askTimeoutMs: 1, resultFallbackMs: 1, sseKeepAliveMs: 1, masterKey: Buffer.alloc(32), temporalUiUrl: null, temporalNamespace: 'default', consoleDistDir: '/nonexistent',
  } satisfies AppDeps);
  const routes: Route[] = [{ method: 'GET', path: '/' }, { method: 'GET', path: '/console/' }, { method: 'GET', path: '/console/assets/:file' }];
  for (const mw of app.middleware as ((...a: unknown[]) => unknown)[]) {
    const router = (mw as unknown as { router?: { stack: { path: string; methods: string[] }[] } }).router;
    for (const layer of router?.stack ?? []) for (const method of layer.methods) if (method !== 'HEAD') routes.push({ method, path: layer.path });
  }
  return routes;
}
