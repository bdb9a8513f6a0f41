import type { AnalyticsPerformance, AnalyticsPoint } from '@askflow/contract';
import type { Pool } from './pool.js';

export type Bucket = 'hour' | 'day';

export interface TrafficTotals {
  asks: number;
  totalTokens: number;
  costUsd: number;
}

/**
 * Asks, tokens, cost and latency percentiles of a project's turns in [from, to), per UTC bucket,
 * model and traffic kind. Buckets are cut in UTC so every viewer sees the same series.
 */
export async function usageSeries(pool: Pool, projectId: string, from: Date, to: Date, bucket: Bucket): Promise<AnalyticsPoint[]> {
  const { rows } = await pool.query<Omit<AnalyticsPoint, 't'> & { t: Date }>(
    `SELECT date_trunc($4, created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS t,
            model,
            CASE WHEN is_test THEN 'test' ELSE 'live' END AS traffic,
            count(*)::int AS asks,
            sum(prompt_tokens)::float8 AS "promptTokens",
            sum(completion_tokens)::float8 AS "completionTokens",
            sum(total_tokens)::float8 AS "totalTokens",
            sum(cost_usd)::float8 AS "costUsd",
            percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS "latencyP50Ms",
            percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) AS "latencyP95Ms",
            count(*) FILTER (WHERE fell_back_from IS NOT NULL)::int AS fallbacks
       FROM turns
      WHERE project_id = $1 AND created_at >= $2 AND created_at < $3
      GROUP BY 1, 2, 3
      ORDER BY 1, 2, 3`,
    [projectId, from, to, bucket],
  );
  return rows.map((r) => ({ ...r, t: r.t.toISOString() }));
}

/** Totals per traffic kind; summed in SQL over numeric so cents do not drift. */
export async function usageTotals(pool: Pool, projectId: string, from: Date, to: Date): Promise<Record<'live' | 'test', TrafficTotals>> {
  const { rows } = await pool.query<TrafficTotals & { isTest: boolean }>(
    `SELECT is_test AS "isTest", count(*)::int AS asks, sum(total_tokens)::float8 AS "totalTokens", sum(cost_usd)::float8 AS "costUsd"
       FROM turns
      WHERE project_id = $1 AND created_at >= $2 AND created_at < $3
      GROUP BY is_test`,
    [projectId, from, to],
  );
  const of = (isTest: boolean): TrafficTotals => {
    const row = rows.find((r) => r.isTest === isTest);
    return { asks: row?.asks ?? 0, totalTokens: row?.totalTokens ?? 0, costUsd: row?.costUsd ?? 0 };
  };
  return { live: of(false), test: of(true) };
}

/**
 * Latency per model and intent over [from, to): end to end for every ask, and to the first
 * delta for the streamed ones (percentile_cont skips the JSON asks' nulls; null when none).
 */
export async function performance(pool: Pool, projectId: string, from: Date, to: Date): Promise<AnalyticsPerformance[]> {
  const { rows } = await pool.query<AnalyticsPerformance>(
    `SELECT model, intent,
            count(*)::int AS asks,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS "latencyP50Ms",
            percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) AS "latencyP95Ms",
            count(first_delta_ms)::int AS streamed,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY first_delta_ms) AS "firstDeltaP50Ms",
            percentile_cont(0.95) WITHIN GROUP (ORDER BY first_delta_ms) AS "firstDeltaP95Ms"
       FROM turns
      WHERE project_id = $1 AND created_at >= $2 AND created_at < $3
      GROUP BY model, intent
      ORDER BY model, intent`,
    [projectId, from, to],
  );
  return rows;
}
