import type Router from '@koa/router';
import type { Client } from '@temporalio/client';
import { ThreadListQuerySchema } from '@askflow/contract';
import { eraseThread, threadTurnRunIds } from '../../store/erase.js';
import type { Pool } from '../../store/pool.js';
import { findThread, listThreads } from '../../store/threads.js';
import { threadTurns } from '../../store/turns.js';
import type { Loaded } from '../state.js';
import { validateQuery } from '../validateQuery.js';
import { loadParam } from './loadParam.js';
import { deleteRuns, runIdsOf } from './eraseRuns.js';
import { projectRouter, type ProjectState } from './projectRouter.js';
import { decodeThreadCursor, encodeThreadCursor } from './threadCursor.js';

/** A project's conversations: the newest threads (paged, searchable), one thread's turns, and erasing a thread. */
export function threadRoutes({ pool, temporal, temporalNamespace }: { pool: Pool; temporal: Client; temporalNamespace: string }): Router<ProjectState> {
  const router = projectRouter(pool);
  router.param('threadId', loadParam<ProjectState, 'threadId'>('threadId', 'Thread', (s, id) => findThread(pool, s.project.id, id)));

  router.get('/:id/threads', async (ctx) => {
    const { limit, cursor, before, search } = validateQuery(ThreadListQuerySchema, ctx.query);
    const page = await listThreads(pool, ctx.state.project.id, {
      limit,
      ...(cursor ? { after: decodeThreadCursor(cursor) } : {}),
      ...(before ? { before: new Date(before) } : {}),
      ...(search ? { search } : {}),
    });
    ctx.body = { threads: page.threads, nextCursor: page.next ? encodeThreadCursor(page.next) : null };
  });

  router.get<Loaded<'threadId'>>('/:id/threads/:threadId', async (ctx) => {
    const { project, threadId } = ctx.state;
    ctx.body = { threadId, turns: await threadTurns(pool, project.id, threadId) };
  });

  // Erase: the thread, its turns and feedback, its asks' idempotency keys and their Temporal
  // histories. Temporal first: if that fails, the rows are still there to find the runs again.
  router.delete<Loaded<'threadId'>>('/:id/threads/:threadId', async (ctx) => {
    const { project, threadId } = ctx.state;
    const runs = await runIdsOf(temporal, { threadId }, await threadTurnRunIds(pool, project.id, threadId));
    await deleteRuns(temporal, temporalNamespace, runs);
    await eraseThread(pool, project.id, threadId, runs);
    ctx.status = 204;
  });

  return router;
}
