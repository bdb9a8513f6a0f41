import { RotateSecretSchema, type SigningSecretView } from '@askflow/contract';
import type Router from '@koa/router';
import type { Pool } from '../../store/pool.js';
import { rotateSigningSecret, signingSecrets, type SigningSecrets } from '../../store/signingSecrets.js';
import { jsonBody } from '../middleware/jsonBody.js';
import { validate } from '../validate.js';
import { projectRouter, type ProjectState } from './projectRouter.js';

const secretView = (s: SigningSecrets): SigningSecretView => ({ secret: s.current, previous: s.previous ? { secret: s.previous.secret, expiresAt: s.previous.expiresAt.toISOString() } : null });

/** The secret tool calls are signed with: read it, rotate it (the previous one stays valid for a grace period). */
export function signingSecretRoutes({ pool, masterKey }: { pool: Pool; masterKey: Buffer }): Router<ProjectState> {
  const router = projectRouter(pool);

  router.get('/:id/signing-secret', async (ctx) => {
    ctx.body = secretView(await signingSecrets(pool, ctx.state.project.id, masterKey));
  });

  router.post('/:id/signing-secret/rotate', jsonBody('256kb', { optional: true }), async (ctx) => {
    const { graceSeconds } = validate(RotateSecretSchema, ctx.request.body ?? {});
    ctx.body = secretView(await rotateSigningSecret(pool, ctx.state.project.id, masterKey, graceSeconds));
  });

  return router;
}
