// Usage, cost and latency over time per model, live vs test.
import { useState } from 'react';
import { api } from '../api.js';
import type { AnalyticsView } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { buckets, datasets } from '../analyticsSeries.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { SeriesChart } from '../components/SeriesChart.js';

const ranges = { day: { label: 'Last 24 hours (hourly)', ms: 86_400_000, bucket: 'hour' }, month: { label: 'Last 30 days (daily)', ms: 30 * 86_400_000, bucket: 'day' } } as const;

export function AnalyticsPage({ projectId }: { projectId: string }) {
  const [range, setRange] = useState<keyof typeof ranges>('day');
  const { data, error, reload } = useAsync(() => {
    const r = ranges[range];
    // Bucketed by the hour, so "to" is rounded up to include the current bucket.
    const to = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
    const from = new Date(to.getTime() - r.ms);
    const q = new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), bucket: r.bucket });
    return api<AnalyticsView>('GET', `/manage/projects/${projectId}/analytics?${q.toString()}`);
  }, [projectId, range]);

  const axis = data ? buckets(data) : [];
  const labels = axis.map((t) => (data?.bucket === 'day' ? new Date(t).toLocaleDateString() : new Date(t).toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })));
  return (
    <section>
      <h2>Analytics</h2>
      <label><span>Period</span>
        <select value={range} onChange={(e) => setRange(e.target.value === 'month' ? 'month' : 'day')}>
          {Object.entries(ranges).map(([k, r]) => <option key={k} value={k}>{r.label}</option>)}
        </select>
      </label>{' '}
      <button type="button" onClick={reload}>Refresh</button>
      <ErrorMessage error={error} />
      {data && (
        <table aria-label="Totals">
          <thead><tr><th>Traffic</th><th>Asks</th><th>Tokens</th><th>Cost (USD)</th></tr></thead>
          <tbody>
            {(['live', 'test'] as const).map((k) => (
              <tr key={k} data-testid={`totals-${k}`}><td>{k}</td><td>{data.totals[k].asks}</td><td>{data.totals[k].totalTokens}</td><td>{data.totals[k].costUsd.toFixed(6)}</td></tr>
            ))}
          </tbody>
        </table>
      )}
      {data && data.satisfaction.length > 0 && (
        <table aria-label="Satisfaction">
          <thead><tr><th>Model</th><th>Intent</th><th>Rated answers</th><th>Rated good</th></tr></thead>
          <tbody>
            {data.satisfaction.map((r) => (
              <tr key={`${r.model} ${r.intent}`} data-testid="satisfaction-row"><td>{r.model}</td><td>{r.intent}</td><td>{r.rated}</td><td>{Math.round(r.rate * 100)} %</td></tr>
            ))}
          </tbody>
        </table>
      )}
      {data && data.series.length === 0 && <p className="empty">No asks in this period yet. Try the playground.</p>}
      {data && data.series.length > 0 && (
        <div className="charts">
          <SeriesChart title="Asks" labels={labels} datasets={datasets(axis, data.series, 'asks')} />
          <SeriesChart title="Tokens" labels={labels} datasets={datasets(axis, data.series, 'totalTokens')} />
          <SeriesChart title="Cost (USD)" labels={labels} datasets={datasets(axis, data.series, 'costUsd')} />
          <SeriesChart title="Latency (ms)" labels={labels} datasets={[...datasets(axis, data.series, 'latencyP50Ms', ' p50'), ...datasets(axis, data.series, 'latencyP95Ms', ' p95')]} />
          {/* Only when some model stood in: a chart of zeros says nothing. */}
          {data.series.some((s) => s.fallbacks > 0) && <SeriesChart title="Answered by a fallback model" labels={labels} datasets={datasets(axis, data.series, 'fallbacks')} />}
        </div>
      )}
    </section>
  );
}
