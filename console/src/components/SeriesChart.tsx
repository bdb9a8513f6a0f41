// A line chart of one metric over time; chart.js pieces are registered once here.
import { CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Title, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';
import type { Dataset } from '../analyticsSeries.js';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Title, Tooltip, Legend);

const palette = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#ca8a04', '#db2777'];

export function SeriesChart({ title, labels, datasets }: { title: string; labels: string[]; datasets: Dataset[] }) {
  return (
    // A fixed height: with chart.js's default aspect ratio the legend squeezes the plot away.
    <figure aria-label={title} style={{ margin: 0, height: 280, position: 'relative' }}>
      <Line
        data={{
          labels,
          datasets: datasets.map((d, i) => ({ ...d, borderColor: palette[i % palette.length], backgroundColor: palette[i % palette.length], spanGaps: true })),
        }}
        options={{
          animation: false, responsive: true, maintainAspectRatio: false,
          plugins: { title: { display: true, text: title } },
          scales: { x: { ticks: { maxRotation: 0, autoSkip: true, maxTicksLimit: 6 } }, y: { beginAtZero: true } },
        }}
      />
    </figure>
  );
}
