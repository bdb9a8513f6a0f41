import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Connection } from '@temporalio/client';
import { AskRequestSchema } from '@askflow/contract';
import type { Logger } from '../../config/logger.js';
import { compileJsonSchema } from '../../providers/jsonOutput.js';
import type { AuthenticatedKey } from '../../store/apiKeys.js';
import type { Pool } from '../../store/pool.js';
import { getMenu, getProject } from '../../store/projects.js';
import { responseOfRun } from '../../store/turns.js';
import { workflowIdFor } from '../ask/idempotency.js';
import { modelMenu, resolveModel } from '../ask/resolveModel.js';
import { resolveThread } from '../ask/resolveThread.js';
import { awaitAnswer, startOrJoinAsk, type AskRuntime } from '../ask/startAsk.js';
import { ApiError } from '../errors.js';
import { apiKeyAuth } from '../middleware/apiKey.js';
import { jsonBody } from '../middleware/jsonBody.js';
import { rateLimit, type RateLimitDefaults } from '../middleware/rateLimit.js';
import { validate } from '../validate.js';

export interface ServiceDeps extends AskRuntime {
  pool: Pool;
  temporalConnection: Connection;
  log: Logger;
  rateLimits: RateLimitDefaults;
}

/** A key works only for its own project; any other tenant id is refused like a bad key. */
async function projectForKey(deps: ServiceDeps, key: AuthenticatedKey, tenantId: string | undefined) {
  if (!tenantId) throw new ApiError('ValidationError', 'Missing tenant id (X-Tenant-Id header)');
  const project = tenantId === key.projectId ? await getProject(deps.pool, tenantId) : null;
  if (!project) throw new ApiError('Unauthorized', 'This API key does not belong to the given tenant');
  return project;
}

export function serviceRoutes(deps: ServiceDeps): Router {
  const router = new Router({ prefix: '/service' });
  router.use(apiKeyAuth(deps.pool), rateLimit(deps.pool, deps.rateLimits));

  router.post('/ask', jsonBody(), async (ctx) => {
    const receivedAt = Date.now();
    const req = validate(AskRequestSchema, ctx.request.body);
    const key = ctx.state.apiKey as AuthenticatedKey;
    const project = await projectForKey(deps, key, req.tenantId);
    if (req.jsonSchema !== undefined) {
      if (req.responseFormat !== 'json_object') throw new ApiError('ValidationError', 'jsonSchema goes with responseFormat "json_object"');
      const compiled = compileJsonSchema(req.jsonSchema);
      if (!compiled.ok) throw new ApiError('ValidationError', `jsonSchema is not a valid JSON Schema: ${compiled.message}`);
    }
    // Everything that can refuse the ask is decided before anything is written or started.
    const model = resolveModel(project, await getMenu(deps.pool, project.id), req);
    const threadId = await resolveThread(deps.pool, project.id, req, deps.log);
    const { workflowId, replay } = await workflowIdFor(deps.pool, project.id, ctx.get('Idempotency-Key') || undefined, req);
    if (replay) {
      ctx.set('Idempotent-Replayed', 'true');
      // A finished run answers from its stored turn, even after Temporal's retention dropped it.
      const stored = await responseOfRun(deps.pool, workflowId);
      if (stored) {
        ctx.body = stored;
        return;
      }
    }
    const handle = await startOrJoinAsk(deps, workflowId, {
      requestId: ctx.state.requestId as string,
      tenantId: project.id,
      threadId: threadId ?? randomUUID(),
      message: req.message,
      model,
      externalUserId: req.externalUserId ?? null,
      keyMode: key.mode,
      receivedAt,
      ...(req.responseFormat === 'json_object' ? { responseFormat: { type: 'json_object' as const, ...(req.jsonSchema ? { schema: req.jsonSchema } : {}) } } : {}),
    });
    ctx.body = await awaitAnswer(deps, handle);
  });

  router.get('/models', async (ctx) => {
    const project = await projectForKey(deps, ctx.state.apiKey as AuthenticatedKey, ctx.get('X-Tenant-Id') || undefined);
    // The owner's current list: never served from a cache.
    ctx.set('Cache-Control', 'no-store');
    ctx.body = modelMenu(project, await getMenu(deps.pool, project.id));
  });

  return router;
}
