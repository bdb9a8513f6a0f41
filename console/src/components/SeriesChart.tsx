// A line chart of one metric over time, with its axes titled and its values in their unit;
// chart.js pieces are registered once here (this file is only in the analytics page's chunk).
import { CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Title, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';
import type { Dataset } from '../analyticsSeries.js';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Title, Tooltip, Legend);

const palette = ['#1d4ed8', '#b91c1c', '#15803d', '#7e22ce', '#c2410c', '#0e7490', '#a16207', '#be185d'];

export interface SeriesChartProps {
  title: string;
  /** Each bucket's label, one or two lines (the date under the hour where a day starts). */
  labels: string[][];
  datasets: Dataset[];
  xTitle: string;
  yTitle: string;
  /** A value as the axis and the tooltip show it (with its unit). */
  format: (n: number) => string;
  /** Counts are whole: the axis never shows 0.5 asks. */
  integer?: boolean;
}

/** What the chart shows, for screen readers: each line's highest point. */
function summary({ title, datasets, format }: Pick<SeriesChartProps, 'title' | 'datasets' | 'format'>): string {
  const peaks = datasets.map((d) => {
    const values = d.data.filter((v): v is number => v !== null);
    return `${d.label}: highest ${values.length ? format(Math.max(...values)) : 'none'}`;
  });
  return `${title} over time. ${peaks.join('; ')}. The numbers are in the CSV export.`;
}

export function SeriesChart({ title, labels, datasets, xTitle, yTitle, format, integer = false }: SeriesChartProps) {
  return (
    // A fixed height: with chart.js's default aspect ratio the legend squeezes the plot away.
    <figure className="chart">
      <Line
        aria-label={summary({ title, datasets, format })}
        data={{
          labels,
          datasets: datasets.map((d, i) => ({
            ...d,
            borderColor: palette[i % palette.length],
            backgroundColor: palette[i % palette.length],
            // Test traffic is dashed wherever it is drawn.
            borderDash: d.label.includes('test') ? [6, 4] : [],
            spanGaps: true,
            pointRadius: 2,
          })),
        }}
        options={{
          animation: false, responsive: true, maintainAspectRatio: false,
          interaction: { mode: 'index', intersect: false },
          plugins: {
            title: { display: true, text: title, font: { size: 14 } },
            legend: { position: 'bottom', labels: { boxWidth: 14 } },
            tooltip: { callbacks: { label: (c) => `${c.dataset.label ?? ''}: ${c.parsed.y === null ? '—' : format(c.parsed.y)}` } },
          },
          scales: {
            x: {
              title: { display: true, text: xTitle },
              ticks: { maxRotation: 0, autoSkip: true, autoSkipPadding: 16 },
            },
            y: {
              beginAtZero: true,
              title: { display: true, text: yTitle },
              ticks: { callback: (v) => format(Number(v)), ...(integer ? { precision: 0 } : {}) },
            },
          },
        }}
      />
    </figure>
  );
}
