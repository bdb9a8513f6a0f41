import Router from '@koa/router';
import { hash } from '@node-rs/argon2';
import { CredentialsSchema } from '@askflow/contract';
import type { Pool } from '../../store/pool.js';
import { createOwner, createOwnerToken, revokeOwnerToken } from '../../store/owners.js';
import { checkCredentials } from '../session/credentials.js';
import { ApiError } from '../errors.js';
import type { FailureThrottle } from '../middleware/failureThrottle.js';
import { jsonBody } from '../middleware/jsonBody.js';
import { ownerAuth } from '../middleware/ownerAuth.js';
import type { Loaded, State } from '../state.js';
import { validate } from '../validate.js';

/** Sign-up, sign-in (a bearer token for scripts and the console) and sign-out. */
export function accountRoutes(pool: Pool, signIns: FailureThrottle): Router<State> {
  const router = new Router<State>({ prefix: '/manage' });

  router.post('/signup', jsonBody(), async (ctx) => {
    const { email, password } = validate(CredentialsSchema, ctx.request.body);
    const owner = await createOwner(pool, email, await hash(password));
    if (!owner) throw new ApiError('Conflict', 'An account with this email already exists; sign in instead');
    const { token } = await createOwnerToken(pool, owner.id, 'sign-up');
    ctx.status = 201;
    ctx.body = { owner, token };
  });

  router.post('/tokens', jsonBody(), async (ctx) => {
    const { email, password } = validate(CredentialsSchema, ctx.request.body);
    const owner = await checkCredentials(pool, email, password, signIns, ctx.ip);
    const { token } = await createOwnerToken(pool, owner.id, 'sign-in');
    ctx.status = 201;
    ctx.body = { owner, token };
  });

  router.delete<Loaded<'owner'>>('/tokens/current', ownerAuth(pool), async (ctx) => {
    await revokeOwnerToken(pool, ctx.state.owner.tokenId);
    ctx.status = 204;
  });

  return router;
}
