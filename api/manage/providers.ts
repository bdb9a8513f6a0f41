import { ProviderConnectionInputSchema, ProviderNameSchema } from '@askflow/contract';
import type Router from '@koa/router';
import type { Pool } from '../../store/pool.js';
import { getMenu } from '../../store/projects.js';
import { deleteProvider, listProviders, upsertProvider } from '../../store/providers.js';
import { ApiError } from '../errors.js';
import { jsonBody } from '../middleware/jsonBody.js';
import { validate } from '../validate.js';
import { projectRouter, type ProjectState } from './projectRouter.js';

/** A project's provider connections (credentials sealed with the master key); removing one in use is refused. */
export function providerRoutes({ pool, masterKey }: { pool: Pool; masterKey: Buffer }): Router<ProjectState> {
  const router = projectRouter(pool);

  router.get('/:id/providers', async (ctx) => {
    ctx.body = { providers: await listProviders(pool, ctx.state.project.id) };
  });

  router.put('/:id/providers/:name', jsonBody(), async (ctx) => {
    const { project } = ctx.state;
    const name = validate(ProviderNameSchema, ctx.params.name);
    const { kind, baseUrl, apiKey } = validate(ProviderConnectionInputSchema, ctx.request.body);
    await upsertProvider(pool, project.id, name, baseUrl, apiKey, masterKey, kind);
    ctx.body = { providers: await listProviders(pool, project.id) };
  });

  router.delete('/:id/providers/:name', async (ctx) => {
    const { project } = ctx.state;
    const name = ctx.params.name!;
    // Embeddings count too: without the connection, no question could be embedded to search the knowledge.
    const inUse = [project.chatModel, project.voiceModel, project.embeddingModel, ...(await getMenu(pool, project.id))].filter((id) => id?.startsWith(`${name}:`));
    if (inUse.length) throw new ApiError('Conflict', `Provider "${name}" is still used by ${inUse.join(', ')}; change those models first`);
    if (!(await deleteProvider(pool, project.id, name))) throw new ApiError('NotFound', `Provider "${name}" not found`);
    ctx.status = 204;
  });

  return router;
}
