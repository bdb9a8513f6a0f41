import Router from '@koa/router';
import type { Connection } from '@temporalio/client';
import { databaseReachable, type Pool } from '../../store/pool.js';
import type { State } from '../state.js';

/** `/health`: the process answers. `/ready`: it can reach PostgreSQL and Temporal. */
export function healthRoutes(deps: { pool: Pool; temporalConnection: Connection }): Router<State> {
  const router = new Router<State>();
  router.get('/health', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('/ready', async (ctx) => {
    const [postgres, temporal] = await Promise.all([
      databaseReachable(deps.pool),
      deps.temporalConnection.healthService.check({}).then((r) => r.status === 1, () => false),
    ]);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = postgres && temporal ? 200 : 503;
    ctx.body = { status: ctx.status === 200 ? 'ready' : 'unavailable', postgres, temporal };
  });
  return router;
}
