import { rejections } from '../../metrics/askMetrics.js';
import { tenantLabel } from '../../metrics/registry.js';
import type { AuthenticatedKey } from '../../store/apiKeys.js';
import { hasLimits, limitsOf, reachedCap, usageOf, type ReachedCap } from '../../store/budgets.js';
import type { Pool } from '../../store/pool.js';
import type { Project } from '../../store/projects.js';
import { ApiError } from '../errors.js';

const describe = (c: ReachedCap) => {
  const whose = c.scope === 'project' ? "This project's" : "This API key's";
  const what = c.measure === 'tokens' ? `token budget (${c.limit.toLocaleString('en-US')} tokens)` : `cost budget ($${c.limit})`;
  const used = c.measure === 'tokens' ? `${c.used.toLocaleString('en-US')} tokens` : `$${c.used.toFixed(6)}`;
  return `${whose} ${c.period === 'day' ? 'daily' : 'monthly'} ${what} is used up (${used} used); it resets at ${c.resetsAt.toISOString()}`;
};

/**
 * 402 `BudgetExceeded` when a cap of the project or of the key is reached, with `Retry-After`
 * until it resets, after telling `onExceeded` which. Costs nothing when neither has caps (they
 * come with the project and key, already loaded); otherwise one query per ask.
 */
export async function assertWithinBudget(pool: Pool, project: Project, key: AuthenticatedKey, now = new Date(), onExceeded?: (cap: ReachedCap) => Promise<void>): Promise<void> {
  const projectLimits = limitsOf(project.budget);
  const keyLimits = limitsOf(key.budget);
  const [projectUsage, keyUsage] = await Promise.all([
    hasLimits(projectLimits) ? usageOf(pool, project.id, null, now) : null,
    hasLimits(keyLimits) ? usageOf(pool, project.id, key.keyId, now) : null,
  ]);
  const reached = (projectUsage && reachedCap('project', projectLimits, projectUsage, now)) ?? (keyUsage && reachedCap('key', keyLimits, keyUsage, now));
  if (!reached) return;
  const seconds = Math.max(1, Math.ceil((reached.resetsAt.getTime() - now.getTime()) / 1000));
  rejections.inc({ reason: 'budget', tenant: tenantLabel(project.id) });
  await onExceeded?.(reached);
  throw new ApiError('BudgetExceeded', describe(reached), undefined, { 'Retry-After': String(seconds) });
}
