import type Router from '@koa/router';
import { ThreadListQuerySchema } from '@askflow/contract';
import type { Pool } from '../../store/pool.js';
import { findThread, listThreads } from '../../store/threads.js';
import { threadTurns } from '../../store/turns.js';
import type { Loaded } from '../state.js';
import { validateQuery } from '../validateQuery.js';
import { loadParam } from './loadParam.js';
import { projectRouter, type ProjectState } from './projectRouter.js';

/** A project's conversations: the newest threads (paged, searchable) and one thread's turns. */
export function threadRoutes(pool: Pool): Router<ProjectState> {
  const router = projectRouter(pool);
  router.param('threadId', loadParam<ProjectState, 'threadId'>('threadId', 'Thread', (s, id) => findThread(pool, s.project.id, id)));

  router.get('/:id/threads', async (ctx) => {
    const { limit, before, search } = validateQuery(ThreadListQuerySchema, ctx.query);
    ctx.body = { threads: await listThreads(pool, ctx.state.project.id, { limit, ...(before ? { before: new Date(before) } : {}), ...(search ? { search } : {}) }) };
  });

  router.get<Loaded<'threadId'>>('/:id/threads/:threadId', async (ctx) => {
    const { project, threadId } = ctx.state;
    ctx.body = { threadId, turns: await threadTurns(pool, project.id, threadId) };
  });

  return router;
}
