import * as z from 'zod';

/** Larger than any real budget, small enough to stay exact in a double. */
export const MAX_BUDGET_TOKENS = 1e15;
export const MAX_BUDGET_USD = 1e9;

const tokens = z.number().int().positive().max(MAX_BUDGET_TOKENS).nullable();
const usd = z.number().positive().max(MAX_BUDGET_USD).nullable();

/**
 * Caps on a project or an API key, per UTC day and calendar month (UTC); null: no cap. An ask that
 * would start when a cap is reached is refused with 402 `BudgetExceeded`; asks already running
 * finish, so a cap is overshot by at most what they use.
 */
export const BudgetLimitsSchema = z
  .object({
    dailyTokens: tokens,
    monthlyTokens: tokens,
    dailyCostUsd: usd,
    monthlyCostUsd: usd,
  })
  .strict();

/** `PUT …/budget`: the caps to keep; a cap left out is removed. */
export const BudgetUpdateSchema = BudgetLimitsSchema.partial().strict();

export const BudgetPeriodUsageSchema = z.object({
  tokens: z.number(),
  costUsd: z.number(),
  asks: z.number(),
  /** When this period's usage starts again from zero (UTC). */
  resetsAt: z.string(),
});

export const BudgetViewSchema = z.object({
  limits: BudgetLimitsSchema,
  usage: z.object({ day: BudgetPeriodUsageSchema, month: BudgetPeriodUsageSchema }),
});

export type BudgetLimits = z.infer<typeof BudgetLimitsSchema>;
export type BudgetUpdate = z.infer<typeof BudgetUpdateSchema>;
export type BudgetView = z.infer<typeof BudgetViewSchema>;
