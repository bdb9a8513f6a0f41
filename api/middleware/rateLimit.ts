import type { Middleware } from 'koa';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { rejections } from '../../metrics/askMetrics.js';
import { tenantLabel } from '../../metrics/registry.js';
import type { Pool } from '../../store/pool.js';
import { ApiError } from '../errors.js';
import type { State } from '../state.js';
import { batchedConsume } from './batchedConsume.js';

export interface RateLimitDefaults {
  perKeyPerMinute: number;
  perProjectPerMinute: number;
  windowSeconds: number;
}

/**
 * Per-key and per-project limits (requests per minute), counted in PostgreSQL so every api
 * replica shares them. Projects may set their own limits; a limiter exists per distinct value.
 * Concurrent requests of one key or project are counted in one write (batchedConsume).
 */
export function rateLimit(pool: Pool, defaults: RateLimitDefaults): Middleware<State<'apiKey' | 'project'>> {
  const limiters = new Map<string, (key: string) => Promise<void>>();
  const limiter = (scope: 'key' | 'project', points: number) => {
    const id = `${scope}:${points}`;
    let consume = limiters.get(id);
    if (!consume) {
      consume = batchedConsume(
        new RateLimiterPostgres({ storeClient: pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true, keyPrefix: `${id}:${defaults.windowSeconds}`, points, duration: defaults.windowSeconds }),
      );
      limiters.set(id, consume);
    }
    return consume;
  };

  return async (ctx, next) => {
    const { apiKey: key, project } = ctx.state;
    const perKey = project.keyRateLimitPerMinute ?? defaults.perKeyPerMinute;
    const perProject = project.rateLimitPerMinute ?? defaults.perProjectPerMinute;
    try {
      await limiter('key', perKey)(key.keyId);
      await limiter('project', perProject)(key.projectId);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const retryAfter = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      rejections.inc({ reason: 'rate_limit', tenant: tenantLabel(project.id) });
      throw new ApiError('RateLimited', `Too many requests; retry after ${retryAfter} s`, undefined, { 'Retry-After': String(retryAfter) });
    }
    ctx.state.timing.mark('ratelimit');
    await next();
  };
}
