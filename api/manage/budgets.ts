import { BudgetUpdateSchema } from '@askflow/contract';
import type Router from '@koa/router';
import { budgetView, keyBudget, limitsOf, NO_LIMITS, setKeyBudget, setProjectBudget, usageOf } from '../../store/budgets.js';
import type { Pool } from '../../store/pool.js';
import { ApiError } from '../errors.js';
import { jsonBody } from '../middleware/jsonBody.js';
import { UUID } from '../uuid.js';
import { validate } from '../validate.js';
import { projectRouter, type ProjectState } from './projectRouter.js';

/**
 * Budgets of a project and of each of its keys: the caps (PUT replaces them; a cap left out is
 * removed) and today's and this month's usage (UTC), counted from the same writes as analytics.
 */
export function budgetRoutes(pool: Pool): Router<ProjectState> {
  const router = projectRouter(pool);

  router.get('/:id/budget', async (ctx) => {
    const now = new Date();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = budgetView(limitsOf(ctx.state.project.budget), await usageOf(pool, ctx.state.project.id, null, now), now);
  });

  router.put('/:id/budget', jsonBody(), async (ctx) => {
    const limits = { ...NO_LIMITS, ...validate(BudgetUpdateSchema, ctx.request.body) };
    await setProjectBudget(pool, ctx.state.project.id, limits);
    const now = new Date();
    ctx.body = budgetView(limits, await usageOf(pool, ctx.state.project.id, null, now), now);
  });

  const ownKey = async (projectId: string, keyId: string | undefined) => {
    const limits = keyId && UUID.test(keyId) ? await keyBudget(pool, projectId, keyId) : null;
    if (!limits) throw new ApiError('NotFound', `Key ${keyId ?? ''} not found`);
    return { keyId: keyId!, limits };
  };

  router.get('/:id/keys/:keyId/budget', async (ctx) => {
    const { keyId, limits } = await ownKey(ctx.state.project.id, ctx.params.keyId);
    const now = new Date();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = budgetView(limits, await usageOf(pool, ctx.state.project.id, keyId, now), now);
  });

  router.put('/:id/keys/:keyId/budget', jsonBody(), async (ctx) => {
    const { keyId } = await ownKey(ctx.state.project.id, ctx.params.keyId);
    const limits = { ...NO_LIMITS, ...validate(BudgetUpdateSchema, ctx.request.body) };
    if (!(await setKeyBudget(pool, ctx.state.project.id, keyId, limits))) throw new ApiError('Conflict', `Key ${keyId} is revoked`);
    const now = new Date();
    ctx.body = budgetView(limits, await usageOf(pool, ctx.state.project.id, keyId, now), now);
  });

  return router;
}
