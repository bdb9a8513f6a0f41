import type { Middleware } from 'koa';
import type { Pool } from '../../store/pool.js';
import { findOwnerByToken } from '../../store/owners.js';
import { ApiError } from '../errors.js';

/** Authenticates `Authorization: Bearer askflow_owner_…`; the owner is left in `ctx.state.owner`. */
export function ownerAuth(pool: Pool): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('Authorization');
    const token = /^Bearer (\S+)$/.exec(header)?.[1];
    if (!token) throw new ApiError('Unauthorized', 'Missing owner token: send Authorization: Bearer askflow_owner_…', undefined, { 'WWW-Authenticate': 'Bearer' });
    const owner = await findOwnerByToken(pool, token);
    if (!owner) throw new ApiError('Unauthorized', 'Invalid or revoked owner token', undefined, { 'WWW-Authenticate': 'Bearer' });
    ctx.state.owner = owner;
    await next();
  };
}
