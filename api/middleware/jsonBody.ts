import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { ApiError } from '../errors.js';

/** Parses a JSON body; anything that is not `application/json` is refused before parsing. */
export function jsonBody(limit = '256kb'): Middleware {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: limit, encoding: 'utf-8' });
  return async (ctx, next) => {
    if (!ctx.is('application/json')) {
      throw new ApiError('UnsupportedMediaType', 'Content-Type must be application/json');
    }
    await parse(ctx, next);
  };
}
