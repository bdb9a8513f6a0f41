import Router from '@koa/router';
import { hash } from '@node-rs/argon2';
import { CredentialsSchema } from '@askflow/contract';
import { createOwner, createOwnerToken, findOwnerByToken, revokeOwnerToken, type Owner } from '../../store/owners.js';
import type { Pool } from '../../store/pool.js';
import { ApiError } from '../errors.js';
import type { FailureThrottle } from '../middleware/failureThrottle.js';
import { jsonBody } from '../middleware/jsonBody.js';
import { ownerAuth } from '../middleware/ownerAuth.js';
import type { Loaded, State, StateContext } from '../state.js';
import { validate } from '../validate.js';
import { checkCredentials } from '../session/credentials.js';
import { clearSessionCookies, SESSION_COOKIE, setSessionCookies } from '../session/cookies.js';

/**
 * The console's sign-in: the same owner tokens as scripts use, kept in an HttpOnly cookie so
 * the page's scripts (and anything injected into them) never see the token.
 */
export function sessionRoutes(pool: Pool, signIns: FailureThrottle): Router<State> {
  const router = new Router<State>({ prefix: '/manage/session' });

  async function startSession(ctx: StateContext, owner: Owner): Promise<void> {
    // A browser that signs in again drops its previous session rather than leaving it valid.
    const previous = ctx.cookies.get(SESSION_COOKIE);
    const old = previous ? await findOwnerByToken(pool, previous) : null;
    if (old) await revokeOwnerToken(pool, old.tokenId);
    const { token } = await createOwnerToken(pool, owner.id, 'console session');
    setSessionCookies(ctx, token);
    ctx.body = { owner };
  }

  router.post('/', jsonBody(), async (ctx) => {
    const { email, password } = validate(CredentialsSchema, ctx.request.body);
    await startSession(ctx, await checkCredentials(pool, email, password, signIns, ctx.ip));
    ctx.status = 200;
  });

  router.post('/signup', jsonBody(), async (ctx) => {
    const { email, password } = validate(CredentialsSchema, ctx.request.body);
    const owner = await createOwner(pool, email, await hash(password));
    if (!owner) throw new ApiError('Conflict', 'An account with this email already exists; sign in instead');
    await startSession(ctx, owner);
    ctx.status = 201;
  });

  router.get<Loaded<'owner'>>('/', ownerAuth(pool), (ctx) => {
    const { id, email } = ctx.state.owner;
    ctx.body = { owner: { id, email } };
  });

  router.delete<Loaded<'owner'>>('/', ownerAuth(pool), async (ctx) => {
    await revokeOwnerToken(pool, ctx.state.owner.tokenId);
    clearSessionCookies(ctx);
    ctx.status = 204;
  });

  return router;
}
