// The analytics page's arithmetic: its totals, charts and CSV all come from the one series.
import type { AnalyticsPoint } from '@askflow/contract';
import { buckets, datasets, performanceCsv, seriesCsv, timeLabels, totals } from '../../console/src/analyticsSeries.js';

const point = (t: string, model: string, traffic: 'live' | 'test', asks: number, costUsd: number): AnalyticsPoint => ({
  t, model, traffic, asks, promptTokens: asks * 10, completionTokens: asks * 5, totalTokens: asks * 15, costUsd, latencyP50Ms: 100, latencyP95Ms: 200, fallbacks: 0,
});

const series = [
  point('2026-01-05T10:00:00.000Z', 'local:extractive', 'test', 2, 0.0013),
  point('2026-01-05T10:00:00.000Z', 'openai:gpt-4o-mini', 'live', 1, 0.002),
  point('2026-01-05T12:00:00.000Z', 'local:extractive', 'test', 1, 0.0013),
  point('2026-01-05T12:00:00.000Z', 'openai:gpt-4o-mini', 'live', 3, 0.004),
];

describe('analytics series', () => {
  it('totals each kind of traffic from the same points the charts draw', () => {
    const sum = totals(series);
    expect(sum.test).toEqual({ asks: 3, totalTokens: 45, costUsd: 0.0026 });
    expect(sum.live.asks).toBe(4);
    expect(sum.live.costUsd).toBeCloseTo(0.006, 12);

    const axis = buckets({ bucket: 'hour', from: '2026-01-05T10:00:00Z', to: '2026-01-05T13:00:00Z', series });
    expect(axis).toHaveLength(3);
    const cost = datasets(axis, series, 'costUsd');
    // Each line's points add up to its row of the table; test traffic is named as such.
    const testLine = cost.find((d) => d.label === 'local:extractive · test (not billed)')!;
    expect(testLine.data).toEqual([0.0013, 0, 0.0013]);
    expect(testLine.data.reduce<number>((n, v) => n + (v ?? 0), 0)).toBeCloseTo(sum.test.costUsd, 12);
    // No asks in an hour is no latency, not zero latency.
    expect(datasets(axis, series, 'latencyP50Ms').find((d) => d.label.startsWith('openai'))!.data).toEqual([100, null, 100]);
  });

  it('labels hours short, with the date where a day starts, and days by their date', () => {
    const axis = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 0, 5, i)).toISOString());
    const labels = timeLabels(axis, 'hour');
    const newDay = axis.map((iso, i) => i === 0 || new Date(iso).toDateString() !== new Date(axis[i - 1]!).toDateString());
    expect(labels.map((l) => l.length === 2)).toEqual(newDay);
    expect(labels.every((l) => /^\d{2}:\d{2}$/.test(l[0]!))).toBe(true);
    expect(timeLabels(axis.slice(0, 2), 'day').every((l) => l.length === 1)).toBe(true);
  });

  it('exports CSV that a spreadsheet reads back: one line per point, quoted where needed', () => {
    const odd = point('2026-01-05T10:00:00.000Z', 'acme:model,"v2"', 'live', 1, 0.5);
    const lines = seriesCsv([...series, odd]).split('\r\n');
    expect(lines[0]).toBe('bucket_start_utc,model,traffic,billed,asks,prompt_tokens,completion_tokens,total_tokens,cost_usd,latency_p50_ms,latency_p95_ms,fallbacks');
    expect(lines[1]).toBe('2026-01-05T10:00:00.000Z,local:extractive,test,no,2,20,10,30,0.0013,100,200,0');
    expect(lines[5]).toBe('2026-01-05T10:00:00.000Z,"acme:model,""v2""",live,yes,1,10,5,15,0.5,100,200,0');
    expect(performanceCsv([{ model: 'local:extractive', intent: 'rag', asks: 2, latencyP50Ms: 10, latencyP95Ms: 20, streamed: 0, firstDeltaP50Ms: null, firstDeltaP95Ms: null }]).split('\r\n'))
      .toEqual(['model,intent,asks,latency_p50_ms,latency_p95_ms,streamed_asks,first_delta_p50_ms,first_delta_p95_ms', 'local:extractive,rag,2,10,20,0,,']);
  });
});
