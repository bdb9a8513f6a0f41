import type { Context } from 'koa';
import type { Owner } from '../../store/owners.js';
import type { Pool } from '../../store/pool.js';
import { getOwnedProject, type Project } from '../../store/projects.js';
import { ApiError } from '../errors.js';
import { UUID } from '../uuid.js';

export { UUID };

/** The signed-in owner's project from `:id`; anything else (or another owner's) is 404. */
export async function ownedProject(pool: Pool, ctx: Context): Promise<Project> {
  const id = (ctx.params as Record<string, string>).id!;
  const project = UUID.test(id) ? await getOwnedProject(pool, (ctx.state.owner as Owner).id, id) : null;
  if (!project) throw new ApiError('NotFound', `Project ${id} not found`);
  return project;
}
