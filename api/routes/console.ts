import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Context, Middleware, Next } from 'koa';
import compress from 'koa-compress';
import serve from 'koa-static';
import send from 'koa-send';
import { ApiError } from '../errors.js';

/**
 * Where `npm run build:console` puts the console in this checkout, found from this file's own
 * place: api/routes/console.ts in the source tree, dist/api/routes/console.js once compiled.
 */
export const BUILT_CONSOLE_DIR = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../console/dist' : '../../../console/dist', import.meta.url));

const PREFIX = '/console';
// Vite names every asset after its content hash, so a cached copy can never be stale.
const HASHED_ASSET = /^\/assets\//;
const LONG_CACHE = 'public, max-age=31536000, immutable';
// index.html names the current assets: the browser must revalidate it on every visit.
const REVALIDATE = 'no-cache';

/**
 * The console's files go out brotli- or gzip-compressed (the bundle shrinks to about a third).
 * Only here: compressing SSE would buffer a streamed answer, and JSON answers are small.
 * koa-compress's own brotli default (quality 4) keeps the CPU per request low.
 */
const compressConsole = compress({
  threshold: 1024,
  encodingPreference: ['br', 'gzip', 'identity'],
  deflate: false,
  zstd: false,
});

function setCacheHeaders(res: ServerResponse, path: string, root: string): void {
  const relative = path.slice(root.length).replaceAll('\\', '/');
  res.setHeader('Cache-Control', HASHED_ASSET.test(relative) ? LONG_CACHE : REVALIDATE);
}

/**
 * Serves the built console under /console/ with a single-page-app fallback (any GET that is not
 * a file gets index.html, so deep links survive a reload) and sends `/` there. Whether the
 * console is built is checked per request: the api starts without it and picks up a later build.
 */
export function consoleRoutes(dir: string): Middleware {
  const distDir = resolve(dir);
  const files = serve(distDir, {
    setHeaders: (res, path) => setCacheHeaders(res, path, distDir),
  });
  const indexHtml = join(distDir, 'index.html');

  return async (ctx: Context, next: Next) => {
    if (ctx.path === '/' && (ctx.method === 'GET' || ctx.method === 'HEAD')) return ctx.redirect(`${PREFIX}/`);
    if (ctx.path !== PREFIX && !ctx.path.startsWith(`${PREFIX}/`)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === PREFIX) return ctx.redirect(`${PREFIX}/`);
    if (!existsSync(indexHtml)) throw new ApiError('Unavailable', 'The console is not built (npm run build:console)');

    await compressConsole(ctx, async () => {
      const fullPath = ctx.path;
      ctx.path = fullPath.slice(PREFIX.length);
      let served = true;
      try {
        await files(ctx, async () => {
          served = false;
        });
      } finally {
        ctx.path = fullPath;
      }
      if (served) return;
      await send(ctx, 'index.html', { root: distDir, setHeaders: (res) => res.setHeader('Cache-Control', REVALIDATE) });
    });
  };
}
