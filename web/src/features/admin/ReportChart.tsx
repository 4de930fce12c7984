import { useEffect, useRef } from 'react';
import type { Report } from '#shared/schemas/reports';

const COLORS = ['#2f6f4f', '#c2563a', '#3b5b92', '#b08a2e'];

/**
 * The chart beside a report's table (issue 56): Chart.js, loaded when a report is first drawn, so it is a chunk of its
 * own that only the admin's reports page fetches (the shopper's pages never load it). Draws the report's chosen
 * columns (dollars) by its label column; the table beside it holds every figure, so the chart is hidden from screen
 * readers.
 */
export default function ReportChart({ report }: { report: Report }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy: () => void } | undefined;
    let gone = false;
    void import('chart.js').then(
      ({ Chart, BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip }) => {
        if (gone || !canvas.current) return;
        Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
        const at = (key: string) => report.columns.findIndex((column) => column.key === key);
        const rows = report.rows.slice(0, 40);
        chart = new Chart(canvas.current, {
          type: 'bar',
          data: {
            labels: rows.map((row) =>
              report.report === 'tax' && report.by !== 'range'
                ? `${row[1]} ${row[0]}`
                : String(row[at(report.chart.label)]),
            ),
            datasets: report.chart.series.map((key, index) => ({
              label: report.columns[at(key)].label,
              data: rows.map((row) => Number(row[at(key)]) / 100),
              backgroundColor: COLORS[index % COLORS.length],
            })),
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            indexAxis: report.report === 'products' ? 'y' : 'x',
            scales: {
              x: { stacked: report.chart.stacked },
              y: { stacked: report.chart.stacked },
            },
          },
        });
      },
    );
    return () => {
      gone = true;
      chart?.destroy();
    };
  }, [report]);
  return (
    <div className="report-chart" aria-hidden="true">
      <canvas ref={canvas} />
    </div>
  );
}
