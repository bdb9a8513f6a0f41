import Router from '@koa/router';
import type { Connection } from '@temporalio/client';
import { AskRequestSchema, type AskResponse, type ModelMenu } from '@askflow/contract';
import type { Logger } from '../../config/logger.js';
import type { AuthenticatedKey } from '../../store/apiKeys.js';
import type { Pool } from '../../store/pool.js';
import { getProject } from '../../store/projects.js';
import { parseModelId } from '../../providers/registry.js';
import { resolveModel } from '../ask/resolveModel.js';
import { resolveThread } from '../ask/resolveThread.js';
import { runAsk, type AskRuntime } from '../ask/startAsk.js';
import { ApiError } from '../errors.js';
import { apiKeyAuth } from '../middleware/apiKey.js';
import { jsonBody } from '../middleware/jsonBody.js';
import { validate } from '../validate.js';

export interface ServiceDeps extends AskRuntime {
  pool: Pool;
  temporalConnection: Connection;
  log: Logger;
}

/** A key works only for its own project; any other tenant id is refused the same way as a bad key. */
async function projectForKey(deps: ServiceDeps, key: AuthenticatedKey, tenantId: string | undefined) {
  if (!tenantId) throw new ApiError('ValidationError', 'Missing tenant id');
  if (tenantId !== key.projectId) throw new ApiError('Unauthorized', 'This API key does not belong to the given tenant');
  const project = await getProject(deps.pool, tenantId);
  if (!project) throw new ApiError('Unauthorized', 'This API key does not belong to the given tenant');
  return project;
}

export function serviceRoutes(deps: ServiceDeps): Router {
  const router = new Router({ prefix: '/service' });
  router.use(apiKeyAuth(deps.pool));

  router.post('/ask', jsonBody(), async (ctx) => {
    const receivedAt = Date.now();
    const req = validate(AskRequestSchema, ctx.request.body);
    const key = ctx.state.apiKey as AuthenticatedKey;
    const project = await projectForKey(deps, key, req.tenantId);
    const model = resolveModel(project, req);
    const threadId = await resolveThread(deps.pool, project.id, req, deps.log);
    const response: AskResponse = await runAsk(deps, {
      requestId: ctx.state.requestId as string,
      tenantId: project.id,
      threadId,
      message: req.message,
      model,
      externalUserId: req.externalUserId ?? null,
      keyMode: key.mode,
      receivedAt,
    });
    ctx.body = response;
  });

  router.get('/models', async (ctx) => {
    const project = await projectForKey(deps, ctx.state.apiKey as AuthenticatedKey, ctx.get('X-Tenant-Id') || undefined);
    const ref = parseModelId(project.chatModel);
    const menu: ModelMenu = {
      switchable: false,
      defaultId: ref.id,
      models: [{ id: ref.id, provider: ref.provider, model: ref.model, isDefault: true }],
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = menu;
  });

  return router;
}
