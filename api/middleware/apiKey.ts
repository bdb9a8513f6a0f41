import type { Middleware } from 'koa';
import type { Pool } from '../../store/pool.js';
import { findActiveKey } from '../../store/apiKeys.js';
import { ApiError } from '../errors.js';

/** Authenticates `X-API-Key`; the key (and so its project) is left in `ctx.state.apiKey`. */
export function apiKeyAuth(pool: Pool): Middleware {
  return async (ctx, next) => {
    const key = ctx.get('X-API-Key');
    if (!key) throw new ApiError('Unauthorized', 'Missing X-API-Key header');
    const found = await findActiveKey(pool, key);
    if (!found) throw new ApiError('Unauthorized', 'Invalid API key');
    ctx.state.apiKey = found;
    await next();
  };
}
