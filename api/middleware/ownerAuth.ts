import type { Middleware } from 'koa';
import type { Pool } from '../../store/pool.js';
import { findOwnerByToken } from '../../store/owners.js';
import { ApiError } from '../errors.js';
import type { State } from '../state.js';
import { CSRF_COOKIE, CSRF_HEADER, csrfTokenMatches, SESSION_COOKIE } from '../session/cookies.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const challenge = { 'WWW-Authenticate': 'Bearer' };

/**
 * Authenticates `Authorization: Bearer askflow_owner_…` (scripts) or the console's
 * `askflow_session` cookie; the owner is left in `ctx.state.owner`. A browser attaches cookies
 * to cross-site requests but cannot be made to add headers, so only cookie-authenticated
 * changes need the X-CSRF-Token header.
 */
export function ownerAuth(pool: Pool): Middleware<State<'owner'>> {
  return async (ctx, next) => {
    const header = ctx.get('Authorization');
    const bearer = /^Bearer (\S+)$/.exec(header)?.[1];
    const cookie = header ? undefined : ctx.cookies.get(SESSION_COOKIE);
    const token = bearer ?? cookie;
    if (!token) {
      throw new ApiError('Unauthorized', 'Not signed in: send Authorization: Bearer askflow_owner_… or sign in through POST /manage/session', undefined, challenge);
    }
    const owner = await findOwnerByToken(pool, token);
    if (!owner) throw new ApiError('Unauthorized', bearer ? 'Invalid or revoked owner token' : 'Session expired or signed out; sign in again', undefined, challenge);
    if (!bearer && !SAFE_METHODS.has(ctx.method) && !csrfTokenMatches(ctx)) {
      throw new ApiError('CsrfFailed', `Missing or wrong ${CSRF_HEADER} header: send the value of the ${CSRF_COOKIE} cookie with every change made through a session`);
    }
    ctx.state.owner = owner;
    await next();
  };
}
