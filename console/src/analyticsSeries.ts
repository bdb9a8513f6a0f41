// Everything the analytics page shows comes from one answer's `series` (one row per bucket,
// model and traffic): the totals table is its sum and the charts are its columns, so the two can
// never disagree. Test keys' asks are shown and labelled "test (not billed)" wherever they appear.
import type { AnalyticsPerformance, AnalyticsPoint, AnalyticsView } from '@askflow/contract/browser';

export type Metric = keyof Pick<AnalyticsPoint, 'asks' | 'totalTokens' | 'costUsd' | 'latencyP50Ms' | 'latencyP95Ms' | 'fallbacks'>;
export type Traffic = AnalyticsPoint['traffic'];

export interface Dataset { label: string; data: (number | null)[] }

const STEP_MS = { hour: 3_600_000, day: 86_400_000 } as const;

/** How each kind of traffic is named on every table, chart and export. */
export const TRAFFIC_LABEL: Record<Traffic, string> = { live: 'live', test: 'test (not billed)' };

/**
 * Every bucket of the period, not only those with asks, so quiet hours show as zero instead of
 * vanishing from the time axis. Buckets start on UTC boundaries, as the API truncates them.
 */
export function buckets(a: Pick<AnalyticsView, 'bucket' | 'from' | 'to' | 'series'>): string[] {
  const step = STEP_MS[a.bucket];
  const all = new Set<string>();
  const end = new Date(a.to).getTime();
  for (let t = Math.floor(new Date(a.from).getTime() / step) * step; t < end; t += step) all.add(new Date(t).toISOString());
  // Whatever the API's own timestamp format, its points must land on the axis.
  const known = new Map([...all].map((iso) => [new Date(iso).getTime(), iso]));
  for (const p of a.series) if (!known.has(new Date(p.t).getTime())) all.add(new Date(p.t).toISOString());
  return [...all].sort();
}

/**
 * One dataset per model and traffic kind, aligned on the buckets. Counts are 0 where nothing
 * happened; latencies are null there (no asks means no latency, not zero latency).
 */
export function datasets(labels: string[], series: AnalyticsPoint[], metric: Metric, suffix = ''): Dataset[] {
  const groups = new Map<string, Map<number, number>>();
  for (const p of series) {
    const key = `${p.model} · ${TRAFFIC_LABEL[p.traffic]}${suffix}`;
    const row = groups.get(key) ?? new Map<number, number>();
    row.set(new Date(p.t).getTime(), p[metric]);
    groups.set(key, row);
  }
  const empty = metric.startsWith('latency') ? null : 0;
  return [...groups].map(([label, row]) => ({ label, data: labels.map((t) => row.get(new Date(t).getTime()) ?? empty) }));
}

export interface TrafficTotal { asks: number; totalTokens: number; costUsd: number }

/**
 * The period's totals per traffic kind, summed from the same series the charts draw. `costUsd`
 * is what the asks cost at the project's prices; only live traffic is billed.
 */
export function totals(series: AnalyticsPoint[]): Record<Traffic, TrafficTotal> {
  const sum: Record<Traffic, TrafficTotal> = { live: { asks: 0, totalTokens: 0, costUsd: 0 }, test: { asks: 0, totalTokens: 0, costUsd: 0 } };
  for (const p of series) {
    sum[p.traffic].asks += p.asks;
    sum[p.traffic].totalTokens += p.totalTokens;
    sum[p.traffic].costUsd += p.costUsd;
  }
  return sum;
}

/** Axis labels in the viewer's time: hours as `14:00` with the date where a day starts, days as `Jan 5`. */
export function timeLabels(axis: string[], bucket: AnalyticsView['bucket']): string[][] {
  const day = (d: Date) => d.toLocaleDateString([], { month: 'short', day: 'numeric' });
  return axis.map((iso, i) => {
    const d = new Date(iso);
    if (bucket === 'day') return [day(d)];
    const hour = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const previous = i > 0 ? new Date(axis[i - 1]!) : null;
    // Two lines where a new day starts: the hour above, the date below.
    return !previous || previous.toDateString() !== d.toDateString() ? [hour, day(d)] : [hour];
  });
}

const csvCell = (v: string | number | null) => {
  const text = v === null ? '' : String(v);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const csvRows = (rows: (string | number | null)[][]) => rows.map((r) => r.map(csvCell).join(',')).join('\r\n');

/** The series as CSV, one line per bucket, model and traffic kind: what the charts were drawn from. */
export function seriesCsv(series: AnalyticsPoint[]): string {
  return csvRows([
    ['bucket_start_utc', 'model', 'traffic', 'billed', 'asks', 'prompt_tokens', 'completion_tokens', 'total_tokens', 'cost_usd', 'latency_p50_ms', 'latency_p95_ms', 'fallbacks'],
    ...series.map((p) => [p.t, p.model, p.traffic, p.traffic === 'live' ? 'yes' : 'no', p.asks, p.promptTokens, p.completionTokens, p.totalTokens, p.costUsd, p.latencyP50Ms, p.latencyP95Ms, p.fallbacks]),
  ]);
}

/** Latency per model and intent as CSV. */
export function performanceCsv(rows: AnalyticsPerformance[]): string {
  return csvRows([
    ['model', 'intent', 'asks', 'latency_p50_ms', 'latency_p95_ms', 'streamed_asks', 'first_delta_p50_ms', 'first_delta_p95_ms'],
    ...rows.map((r) => [r.model, r.intent, r.asks, r.latencyP50Ms, r.latencyP95Ms, r.streamed, r.firstDeltaP50Ms, r.firstDeltaP95Ms]),
  ]);
}
