import Router from '@koa/router';
import type { Pool } from '../../store/pool.js';
import { getOwnedProject } from '../../store/projects.js';
import { ownerAuth } from '../middleware/ownerAuth.js';
import type { State } from '../state.js';
import { loadParam } from './loadParam.js';

/** What every handler under `/manage/projects/:id` can count on. */
export type ProjectState = State<'owner' | 'project'>;

/**
 * A router for routes under `/manage/projects/:id`: the owner signs in first, then `:id` is
 * loaded once into `ctx.state.project` before any handler runs. Anything but the signed-in
 * owner's own project (another owner's included) is 404, so ids of other tenants leak nothing.
 * The prefix names no parameter: the `param` handler must run after ownerAuth, not inside it.
 */
export function projectRouter(pool: Pool): Router<ProjectState> {
  const router = new Router<ProjectState>({ prefix: '/manage/projects' });
  router.use(ownerAuth(pool));
  router.param('id', loadParam<ProjectState, 'project'>('project', 'Project', (s, id) => getOwnedProject(pool, s.owner.id, id)));
  return router;
}
