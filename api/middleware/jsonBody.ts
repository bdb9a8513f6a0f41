import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { ApiError } from '../errors.js';

/**
 * Parses a JSON body; anything that is not `application/json` is refused before parsing.
 * With `optional`, a request without a body passes through with `{}`.
 */
export function jsonBody(limit = '256kb', { optional = false } = {}): Middleware {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: limit, encoding: 'utf-8' });
  return async (ctx, next) => {
    if (optional && !ctx.request.length && !ctx.get('Transfer-Encoding')) {
      ctx.request.body = {};
      return next();
    }
    if (!ctx.is('application/json')) {
      throw new ApiError('UnsupportedMediaType', 'Content-Type must be application/json');
    }
    await parse(ctx, next);
  };
}
