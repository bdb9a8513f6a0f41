import { PricesInputSchema } from '@askflow/contract';
import type Router from '@koa/router';
import type { Pool } from '../../store/pool.js';
import { listPrices, replacePrices } from '../../store/prices.js';
import { jsonBody } from '../middleware/jsonBody.js';
import { validate } from '../validate.js';
import { projectRouter, type ProjectState } from './projectRouter.js';

/** A project's model prices: read, and replace as a whole. */
export function priceRoutes(pool: Pool): Router<ProjectState> {
  const router = projectRouter(pool);

  router.get('/:id/prices', async (ctx) => {
    ctx.body = { prices: await listPrices(pool, ctx.state.project.id) };
  });

  router.put('/:id/prices', jsonBody(), async (ctx) => {
    const { project } = ctx.state;
    const { prices } = validate(PricesInputSchema, ctx.request.body);
    await replacePrices(pool, project.id, prices);
    ctx.body = { prices: await listPrices(pool, project.id) };
  });

  return router;
}
