import type { Context, Middleware } from 'koa';
import { addLogContext } from '../../config/logContext.js';
import type { Pool } from '../../store/pool.js';
import { findActiveKeyWithProject } from '../../store/apiKeys.js';
import { sharedWhileRunning } from '../../store/sharedWhileRunning.js';
import { ApiError } from '../errors.js';
import type { State } from '../state.js';
import type { FailureThrottle } from './failureThrottle.js';

/** `askflow_live_` and the first 7 characters of the secret: what one guessed key is counted under. */
const KEY_PREFIX_CHARS = 20;

/** Where a door's requests carry the API key, and what to say when they carry none. */
export interface KeySource {
  read(ctx: Context): string;
  missing: string;
}

/** Askflow's own routes: `X-API-Key`. */
export const API_KEY_HEADER: KeySource = { read: (ctx) => ctx.get('X-API-Key'), missing: 'Missing X-API-Key header' };

/**
 * Authenticates the API key (from `X-API-Key`, unless the door says otherwise); the key is left
 * in `ctx.state.apiKey`, its project in `ctx.state.project` and the project's model menu in
 * `ctx.state.menu`, loaded once here for the rate limiter, the tenant check and the model choice
 * after it. Requests with one key at one moment share one lookup (sharedWhileRunning); the
 * project they then share is only read.
 */
export function apiKeyAuth(pool: Pool, invalidKeys: FailureThrottle, source: KeySource = API_KEY_HEADER): Middleware<State<'apiKey' | 'project' | 'menu'>> {
  const lookup = sharedWhileRunning((key) => findActiveKeyWithProject(pool, key));
  return async (ctx, next) => {
    const key = source.read(ctx);
    if (!key) throw new ApiError('Unauthorized', source.missing);
    // Guessing keys: invalid ones are counted per address and per key prefix.
    const attempt = { ip: ctx.ip, subject: key.slice(0, KEY_PREFIX_CHARS) };
    invalidKeys.assertOpen(attempt);
    const found = await lookup(key);
    if (!found) {
      await invalidKeys.failed(attempt);
      throw new ApiError('Unauthorized', 'Invalid API key');
    }
    const { project } = found;
    ctx.state.apiKey = found.key;
    ctx.state.project = project;
    ctx.state.menu = found.menu;
    addLogContext({ tenant: project.id });
    ctx.state.timing.mark('key');
    await next();
  };
}
