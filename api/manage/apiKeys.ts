import { ApiKeyCreateSchema } from '@askflow/contract';
import type Router from '@koa/router';
import { createApiKey, listApiKeys, revokeApiKey } from '../../store/apiKeys.js';
import type { Pool } from '../../store/pool.js';
import { ApiError } from '../errors.js';
import { jsonBody } from '../middleware/jsonBody.js';
import { UUID } from '../uuid.js';
import { validate } from '../validate.js';
import { projectRouter, type ProjectState } from './projectRouter.js';

/** A project's API keys: list, create (the only time a key is shown), revoke. */
export function apiKeyRoutes(pool: Pool): Router<ProjectState> {
  const router = projectRouter(pool);

  router.get('/:id/keys', async (ctx) => {
    ctx.body = { keys: await listApiKeys(pool, ctx.state.project.id) };
  });

  router.post('/:id/keys', jsonBody(), async (ctx) => {
    const { mode, name } = validate(ApiKeyCreateSchema, ctx.request.body);
    ctx.status = 201;
    // The only time the key itself is shown.
    ctx.body = await createApiKey(pool, ctx.state.project.id, mode, name ?? '');
  });

  router.delete('/:id/keys/:keyId', async (ctx) => {
    const keyId = ctx.params.keyId!;
    if (!UUID.test(keyId) || !(await revokeApiKey(pool, ctx.state.project.id, keyId))) throw new ApiError('NotFound', `Active key ${keyId} not found`);
    ctx.status = 204;
  });

  return router;
}
