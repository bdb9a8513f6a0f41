import type { Middleware } from 'koa';
import { addLogContext } from '../../config/logContext.js';
import type { Pool } from '../../store/pool.js';
import { findActiveKey } from '../../store/apiKeys.js';
import { getProject } from '../../store/projects.js';
import { ApiError } from '../errors.js';
import type { State } from '../state.js';
import type { FailureThrottle } from './failureThrottle.js';

/** `askflow_live_` and the first 7 characters of the secret: what one guessed key is counted under. */
const KEY_PREFIX_CHARS = 20;

/**
 * Authenticates `X-API-Key`; the key is left in `ctx.state.apiKey` and its project in
 * `ctx.state.project`, loaded once here for the rate limiter and the tenant check after it.
 */
export function apiKeyAuth(pool: Pool, invalidKeys: FailureThrottle): Middleware<State<'apiKey' | 'project'>> {
  return async (ctx, next) => {
    const key = ctx.get('X-API-Key');
    if (!key) throw new ApiError('Unauthorized', 'Missing X-API-Key header');
    // Guessing keys: invalid ones are counted per address and per key prefix.
    const attempt = { ip: ctx.ip, subject: key.slice(0, KEY_PREFIX_CHARS) };
    invalidKeys.assertOpen(attempt);
    const found = await findActiveKey(pool, key);
    if (!found) {
      await invalidKeys.failed(attempt);
      throw new ApiError('Unauthorized', 'Invalid API key');
    }
    const project = await getProject(pool, found.projectId);
    // Keys go with their project (ON DELETE CASCADE); a missing one means it was just deleted.
    if (!project) throw new ApiError('Unauthorized', 'Invalid API key');
    ctx.state.apiKey = found;
    ctx.state.project = project;
    addLogContext({ tenant: project.id });
    ctx.state.timing.mark('key');
    await next();
  };
}
