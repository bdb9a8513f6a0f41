// Usage, cost and latency over time per model, live vs test; latency per model and intent; all
// of it exportable. Every figure comes from one answer of the analytics API (analyticsSeries.ts).
import { useState } from 'react';
import { api } from '../api.js';
import type { AnalyticsView } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { useProject } from '../projectContext.js';
import { buckets, datasets, performanceCsv, seriesCsv, timeLabels, totals, TRAFFIC_LABEL } from '../analyticsSeries.js';
import { count, duration, usd } from '../format.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { Skeleton } from '../components/Skeleton.js';
import { SeriesChart } from '../components/SeriesChart.js';

const ranges = {
  day: { label: 'Last 24 hours (hourly)', ms: 86_400_000, bucket: 'hour' },
  week: { label: 'Last 7 days (daily)', ms: 7 * 86_400_000, bucket: 'day' },
  month: { label: 'Last 30 days (daily)', ms: 30 * 86_400_000, bucket: 'day' },
} as const;
type Range = keyof typeof ranges;

/** Offers `text` as a file download. */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

export function AnalyticsPage() {
  const { project } = useProject();
  const [range, setRange] = useState<Range>('day');
  const { data, error, loading, reload } = useAsync(() => {
    const r = ranges[range];
    // Bucketed by the hour, so "to" is rounded up to include the current bucket.
    const to = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
    const from = new Date(to.getTime() - r.ms);
    const q = new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), bucket: r.bucket });
    return api<AnalyticsView>('GET', `/manage/projects/${project.id}/analytics?${q.toString()}`);
  }, [project.id, range]);

  const axis = data ? buckets(data) : [];
  const labels = data ? timeLabels(axis, data.bucket) : [];
  const sum = data ? totals(data.series) : null;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const xTitle = `${data?.bucket === 'day' ? 'Day' : 'Hour'} (your time, ${zone})`;
  const stamp = data ? `${data.from.slice(0, 13)}_${data.to.slice(0, 13)}`.replaceAll(':', '') : '';
  const chart = (title: string, metric: Parameters<typeof datasets>[2], yTitle: string, format: (n: number) => string, integer = false) =>
    data && <SeriesChart title={title} labels={labels} datasets={datasets(axis, data.series, metric)} xTitle={xTitle} yTitle={yTitle} format={format} integer={integer} />;

  return (
    <>
      <section>
        <h2>Analytics</h2>
        <div className="row">
          <label><span>Period</span>
            <select value={range} onChange={(e) => setRange(e.target.value as Range)}>
              {Object.entries(ranges).map(([k, r]) => <option key={k} value={k}>{r.label}</option>)}
            </select>
          </label>
          <button type="button" onClick={reload} disabled={loading}>Refresh</button>
          <button type="button" disabled={!data} onClick={() => data && download(`askflow-usage-${stamp}.csv`, seriesCsv(data.series))}>Export usage (CSV)</button>
          <button type="button" disabled={!data} onClick={() => data && download(`askflow-latency-${stamp}.csv`, performanceCsv(data.performance))}>Export latency (CSV)</button>
        </div>
        <ErrorMessage error={error} />
        {!data && !error && <Skeleton label="Loading analytics" lines={4} />}
        {data && sum && (
          <table aria-label="Totals" className="numbers stack">
            <caption>Totals of the period. Cost is at this project's prices; test keys' traffic is never billed.</caption>
            <thead><tr><th scope="col">Traffic</th><th scope="col">Asks</th><th scope="col">Tokens</th><th scope="col">Cost (USD)</th><th scope="col">Billed (USD)</th></tr></thead>
            <tbody>
              {(['live', 'test'] as const).map((k) => (
                <tr key={k} data-testid={`totals-${k}`}>
                  <th scope="row">{TRAFFIC_LABEL[k]}</th><td data-label="Asks">{count(sum[k].asks)}</td><td data-label="Tokens">{count(sum[k].totalTokens)}</td>
                  <td data-label="Cost (USD)">{usd(sum[k].costUsd)}</td><td data-label="Billed (USD)">{usd(k === 'live' ? sum[k].costUsd : 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {data && data.series.length === 0 && <p className="empty">No asks in this period yet. Try the playground.</p>}
      </section>
      {data && data.performance.length > 0 && (
        <section>
          <h2>Latency by model and intent</h2>
          <table aria-label="Latency by model and intent" className="numbers stack" data-testid="performance">
            <caption>End to end: from the request to the whole answer. First token: from the request to the first streamed text (streamed asks only).</caption>
            <thead><tr><th scope="col">Model</th><th scope="col">Intent</th><th scope="col">Asks</th><th scope="col">p50</th><th scope="col">p95</th><th scope="col">Streamed</th><th scope="col">First token p50</th><th scope="col">First token p95</th></tr></thead>
            <tbody>
              {data.performance.map((r) => (
                <tr key={`${r.model} ${r.intent}`} data-testid="performance-row">
                  <th scope="row">{r.model}</th><td data-label="Intent">{r.intent}</td><td data-label="Asks">{count(r.asks)}</td>
                  <td data-label="p50">{duration(r.latencyP50Ms)}</td><td data-label="p95">{duration(r.latencyP95Ms)}</td>
                  <td data-label="Streamed">{count(r.streamed)}</td><td data-label="First token p50">{duration(r.firstDeltaP50Ms)}</td><td data-label="First token p95">{duration(r.firstDeltaP95Ms)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {data && data.satisfaction.length > 0 && (
        <section>
          <h2>Satisfaction</h2>
          <table aria-label="Satisfaction" className="numbers stack">
            <thead><tr><th scope="col">Model</th><th scope="col">Intent</th><th scope="col">Rated answers</th><th scope="col">Rated good</th></tr></thead>
            <tbody>
              {data.satisfaction.map((r) => (
                <tr key={`${r.model} ${r.intent}`} data-testid="satisfaction-row"><th scope="row">{r.model}</th><td data-label="Intent">{r.intent}</td><td data-label="Rated answers">{r.rated}</td><td data-label="Rated good">{Math.round(r.rate * 100)} %</td></tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {data && data.series.length > 0 && (
        <section>
          <h2>Over time</h2>
          <p className="meta">Per model; test traffic (not billed) is drawn dashed.</p>
          <div className="charts">
            {chart('Asks', 'asks', 'Asks', count, true)}
            {chart('Tokens', 'totalTokens', 'Tokens', count, true)}
            {chart('Cost at your prices', 'costUsd', 'USD', usd)}
            <SeriesChart title="Latency, end to end" labels={labels} xTitle={xTitle} yTitle="Time" format={duration}
              datasets={[...datasets(axis, data.series, 'latencyP50Ms', ' · p50'), ...datasets(axis, data.series, 'latencyP95Ms', ' · p95')]} />
            {/* Only when some model stood in: a chart of zeros says nothing. */}
            {data.series.some((s) => s.fallbacks > 0) && chart('Answered by a fallback model', 'fallbacks', 'Asks', count, true)}
          </div>
        </section>
      )}
    </>
  );
}
