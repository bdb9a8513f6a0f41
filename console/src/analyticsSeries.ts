// Turns the analytics series (one row per bucket, model and traffic) into chart.js datasets.
import type { AnalyticsPoint, AnalyticsView } from '@askflow/contract/browser';

export type Metric = keyof Pick<AnalyticsPoint, 'asks' | 'totalTokens' | 'costUsd' | 'latencyP50Ms' | 'latencyP95Ms' | 'fallbacks'>;

export interface Dataset { label: string; data: (number | null)[] }

const STEP_MS = { hour: 3_600_000, day: 86_400_000 } as const;

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
    const key = `${p.model} (${p.traffic})${suffix}`;
    const row = groups.get(key) ?? new Map<number, number>();
    row.set(new Date(p.t).getTime(), p[metric]);
    groups.set(key, row);
  }
  const empty = metric.startsWith('latency') ? null : 0;
  return [...groups].map(([label, row]) => ({ label, data: labels.map((t) => row.get(new Date(t).getTime()) ?? empty) }));
}
