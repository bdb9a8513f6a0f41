import type { BudgetLimits, BudgetView } from '@askflow/contract';
import type { Pool } from './pool.js';

/** Usage of turns that carry no key (made before keys were recorded) counts under this id. */
export const NO_KEY = '00000000-0000-0000-0000-000000000000';

export const NO_LIMITS: BudgetLimits = { dailyTokens: null, monthlyTokens: null, dailyCostUsd: null, monthlyCostUsd: null };

/** Stored budgets may lack caps added later, or be `{}`: every cap present, null when unset. */
export function limitsOf(stored: Partial<BudgetLimits> | null | undefined): BudgetLimits {
  return { ...NO_LIMITS, ...(stored ?? {}) };
}

export function hasLimits(l: BudgetLimits): boolean {
  return Object.values(l).some((v) => v !== null);
}

/** The UTC day and month an instant falls in, and when each ends. */
export function periodsOf(now: Date): { day: string; monthStart: string; dayEnds: Date; monthEnds: Date } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  return {
    day: new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10),
    monthStart: new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10),
    dayEnds: new Date(Date.UTC(y, m, d + 1)),
    monthEnds: new Date(Date.UTC(y, m + 1, 1)),
  };
}

interface PeriodUsage {
  tokens: number;
  costUsd: number;
  asks: number;
}

export interface Usage {
  day: PeriodUsage;
  month: PeriodUsage;
}

/** Today's and this month's usage of a project (keyId null) or of one of its keys. */
export async function usageOf(pool: Pool, projectId: string, keyId: string | null, now: Date): Promise<Usage> {
  const { day, monthStart } = periodsOf(now);
  const { rows } = await pool.query<Record<string, string>>(
    `SELECT coalesce(sum(tokens) FILTER (WHERE day = $3), 0) AS day_tokens, coalesce(sum(cost_usd) FILTER (WHERE day = $3), 0) AS day_cost,
            coalesce(sum(asks) FILTER (WHERE day = $3), 0) AS day_asks,
            coalesce(sum(tokens), 0) AS month_tokens, coalesce(sum(cost_usd), 0) AS month_cost, coalesce(sum(asks), 0) AS month_asks
       FROM usage_daily WHERE project_id = $1 AND day >= $4 AND day <= $3 AND ($2::uuid IS NULL OR api_key_id = $2)`,
    [projectId, keyId, day, monthStart],
  );
  const r = rows[0]!;
  return {
    day: { tokens: Number(r.day_tokens), costUsd: Number(r.day_cost), asks: Number(r.day_asks) },
    month: { tokens: Number(r.month_tokens), costUsd: Number(r.month_cost), asks: Number(r.month_asks) },
  };
}

export function budgetView(limits: BudgetLimits, usage: Usage, now: Date): BudgetView {
  const { dayEnds, monthEnds } = periodsOf(now);
  return {
    limits,
    usage: { day: { ...usage.day, resetsAt: dayEnds.toISOString() }, month: { ...usage.month, resetsAt: monthEnds.toISOString() } },
  };
}

/** A cap that is reached: what, whose, and when it resets. */
export interface ReachedCap {
  scope: 'project' | 'key';
  period: 'day' | 'month';
  measure: 'tokens' | 'cost';
  limit: number;
  used: number;
  resetsAt: Date;
}

/** The first cap of `limits` that `usage` has reached, if any. */
export function reachedCap(scope: ReachedCap['scope'], limits: BudgetLimits, usage: Usage, now: Date): ReachedCap | null {
  const { dayEnds, monthEnds } = periodsOf(now);
  const checks: [ReachedCap['period'], ReachedCap['measure'], number | null, number, Date][] = [
    ['day', 'tokens', limits.dailyTokens, usage.day.tokens, dayEnds],
    ['day', 'cost', limits.dailyCostUsd, usage.day.costUsd, dayEnds],
    ['month', 'tokens', limits.monthlyTokens, usage.month.tokens, monthEnds],
    ['month', 'cost', limits.monthlyCostUsd, usage.month.costUsd, monthEnds],
  ];
  // A month cap outlasts a day cap: report the one that keeps the door shut longest.
  const reached = checks.filter(([, , limit, used]) => limit !== null && used >= limit);
  const last = reached.at(-1);
  return last ? { scope, period: last[0], measure: last[1], limit: last[2]!, used: last[3], resetsAt: last[4] } : null;
}

export async function setProjectBudget(pool: Pool, projectId: string, limits: BudgetLimits): Promise<void> {
  await pool.query(`UPDATE projects SET budget = $2, updated_at = now() WHERE id = $1`, [projectId, JSON.stringify(limits)]);
}

/** A key's caps; null when the project has no such key (revoked keys keep theirs, for the record). */
export async function keyBudget(pool: Pool, projectId: string, keyId: string): Promise<BudgetLimits | null> {
  const { rows } = await pool.query<{ budget: Partial<BudgetLimits> }>(`SELECT budget FROM api_keys WHERE id = $1 AND project_id = $2`, [keyId, projectId]);
  return rows[0] ? limitsOf(rows[0].budget) : null;
}

export async function setKeyBudget(pool: Pool, projectId: string, keyId: string, limits: BudgetLimits): Promise<boolean> {
  const { rowCount } = await pool.query(`UPDATE api_keys SET budget = $3 WHERE id = $1 AND project_id = $2 AND revoked_at IS NULL`, [keyId, projectId, JSON.stringify(limits)]);
  return rowCount === 1;
}
