import Router from '@koa/router';
import type { Connection } from '@temporalio/client';
import { databaseReachable, type Pool } from '../../store/pool.js';
import type { State } from '../state.js';
import type { WorkerPresence } from '../workerPresence.js';

/** `/health`: the process answers. `/ready`: it can reach PostgreSQL and Temporal, and a worker polls the ask task queue. */
export function healthRoutes(deps: { pool: Pool; temporalConnection: Connection; workers: WorkerPresence }): Router<State> {
  const router = new Router<State>();
  router.get('/health', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('/ready', async (ctx) => {
    const [postgres, temporal, worker] = await Promise.all([
      databaseReachable(deps.pool),
      deps.temporalConnection.healthService.check({}).then((r) => r.status === 1, () => false),
      deps.workers.available(),
    ]);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = postgres && temporal && worker ? 200 : 503;
    ctx.body = { status: ctx.status === 200 ? 'ready' : 'unavailable', postgres, temporal, worker };
  });
  return router;
}
