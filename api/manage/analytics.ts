import type Router from '@koa/router';
import { AnalyticsQuerySchema, type AnalyticsView } from '@askflow/contract';
import { performance, usageSeries, usageTotals } from '../../store/analytics.js';
import { satisfaction } from '../../store/feedback.js';
import type { Pool } from '../../store/pool.js';
import { ApiError } from '../errors.js';
import { validateQuery } from '../validateQuery.js';
import { projectRouter, type ProjectState } from './projectRouter.js';

const DAY_MS = 24 * 3600 * 1000;
const DEFAULT_RANGE_MS = 7 * DAY_MS;
// Bounds the work one request can ask of the database (a year of days, a month of hours).
const MAX_RANGE_MS = { day: 366 * DAY_MS, hour: 31 * DAY_MS } as const;

/** Usage, cost and latency over time for the console's charts and tables. */
export function analyticsRoutes(pool: Pool): Router<ProjectState> {
  const router = projectRouter(pool);

  router.get('/:id/analytics', async (ctx) => {
    const { project } = ctx.state;
    const query = validateQuery(AnalyticsQuerySchema, ctx.query);
    const to = query.to ? new Date(query.to) : new Date();
    const from = query.from ? new Date(query.from) : new Date(to.getTime() - DEFAULT_RANGE_MS);
    if (from >= to) throw new ApiError('ValidationError', 'Invalid query — from must be before to', [{ path: 'from', message: 'must be before to' }]);
    if (to.getTime() - from.getTime() > MAX_RANGE_MS[query.bucket]) {
      const days = MAX_RANGE_MS[query.bucket] / DAY_MS;
      throw new ApiError('ValidationError', `Invalid query — at most ${days} days with bucket=${query.bucket}`, [{ path: 'to', message: `at most ${days} days after from` }]);
    }

    const [series, totals, rated, speed] = await Promise.all([
      usageSeries(pool, project.id, from, to, query.bucket),
      usageTotals(pool, project.id, from, to),
      satisfaction(pool, project.id, from, to),
      performance(pool, project.id, from, to),
    ]);
    const body: AnalyticsView = {
      bucket: query.bucket,
      from: from.toISOString(),
      to: to.toISOString(),
      series,
      // Test keys' traffic is never billed (DESIGN): counted, but its cost stays out of totals.
      totals: { live: totals.live, test: { asks: totals.test.asks, totalTokens: totals.test.totalTokens, costUsd: 0 } },
      satisfaction: rated.map((r) => ({ ...r, rate: r.positive / r.rated })),
      performance: speed,
    };
    ctx.body = body;
  });

  return router;
}
