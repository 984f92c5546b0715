import type { LanguageProgress } from '@vocab/api';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { MatrixController, MatrixElement } from 'chartjs-chart-matrix';
import { useMemo } from 'react';
import { ChartCanvas } from './chart-canvas';

// Only the pieces these charts use: chart.js is tree-shaken to them, and this module loads with the stats page only.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Filler, Tooltip, MatrixController, MatrixElement);

type DayCount = LanguageProgress['reviewsPerDay'][number];

const css = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#2b4acb';
const shortDate = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

function DataTable({ caption, rows, unit }: { caption: string; rows: DayCount[]; unit: string }) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">{unit}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.date}>
            <td>{r.date}</td>
            <td>{r.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LearnedChart({ rows }: { rows: DayCount[] }) {
  const config = useMemo<ChartConfiguration<'line'>>(
    () => ({
      type: 'line',
      data: {
        labels: rows.map((r) => shortDate(r.date)),
        datasets: [{ label: 'Words learned', data: rows.map((r) => r.count), borderColor: css('--primary'), backgroundColor: 'transparent', pointRadius: 0, tension: 0.2 }],
      },
      options: { responsive: true, maintainAspectRatio: false, animation: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
    }),
    [rows],
  );
  const last = rows.at(-1)?.count ?? 0;
  return (
    <ChartCanvas config={config} label={`Words learned over the last 90 days, now ${last}`}>
      <DataTable caption="Words learned" rows={rows} unit="Words learned" />
    </ChartCanvas>
  );
}

/** 90 days as a calendar: one column a week, one row a weekday, the colour saying how many answers. */
function ReviewsHeatmap({ rows }: { rows: DayCount[] }) {
  const config = useMemo<ChartConfiguration<'matrix'>>(() => {
    const max = Math.max(1, ...rows.map((r) => r.count));
    const firstDay = new Date(`${rows[0]?.date ?? '2026-01-01'}T00:00:00Z`).getUTCDay();
    const cells = rows.map((r, i) => ({ x: Math.floor((i + firstDay) / 7), y: (i + firstDay) % 7, v: r.count, date: r.date }));
    const weeks = Math.ceil((rows.length + firstDay) / 7);
    return {
      type: 'matrix',
      data: {
        datasets: [
          {
            label: 'Answers',
            data: cells,
            backgroundColor: (c) => {
              const v = (c.raw as { v: number } | undefined)?.v ?? 0;
              return v === 0 ? css('--border') : `color-mix(in srgb, ${css('--primary')} ${Math.round(25 + (75 * v) / max)}%, transparent)`;
            },
            width: ({ chart }) => (chart.chartArea ? chart.chartArea.width / weeks - 2 : 10),
            height: ({ chart }) => (chart.chartArea ? chart.chartArea.height / 7 - 2 : 10),
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          tooltip: {
            callbacks: {
              title: () => '',
              label: (c) => {
                const raw = c.raw as { v: number; date: string };
                return `${raw.date}: ${raw.v} answer${raw.v === 1 ? '' : 's'}`;
              },
            },
          },
        },
        scales: {
          x: { type: 'linear', offset: true, min: -0.5, max: weeks - 0.5, display: false },
          y: { type: 'linear', offset: true, reverse: true, min: -0.5, max: 6.5, display: false },
        },
      },
    };
  }, [rows]);
  const total = rows.reduce((s, r) => s + r.count, 0);
  return (
    <ChartCanvas config={config} label={`Answers per day over the last 90 days, ${total} in all`}>
      <DataTable caption="Answers per day" rows={rows} unit="Answers" />
    </ChartCanvas>
  );
}

function ForecastChart({ rows }: { rows: DayCount[] }) {
  const config = useMemo<ChartConfiguration<'bar'>>(
    () => ({
      type: 'bar',
      data: { labels: rows.map((r) => shortDate(r.date)), datasets: [{ label: 'Reviews due', data: rows.map((r) => r.count), backgroundColor: css('--primary') }] },
      options: { responsive: true, maintainAspectRatio: false, animation: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
    }),
    [rows],
  );
  const total = rows.reduce((s, r) => s + r.count, 0);
  return (
    <ChartCanvas config={config} label={`Reviews due in the next 30 days, ${total} in all`}>
      <DataTable caption="Reviews due" rows={rows} unit="Reviews due" />
    </ChartCanvas>
  );
}

const percent = (x: number) => `${Math.round(x * 100)}%`;

export function LanguageCharts({ progress }: { progress: LanguageProgress }) {
  const { retention } = progress;
  return (
    <div className="stats-grid">
      <section aria-labelledby="learned-heading">
        <h2 id="learned-heading">Words learned</h2>
        <LearnedChart rows={progress.learnedOverTime} />
      </section>
      <section aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">Answers per day</h2>
        <ReviewsHeatmap rows={progress.reviewsPerDay} />
      </section>
      <section aria-labelledby="retention-heading">
        <h2 id="retention-heading">Retention</h2>
        {retention.actual === null ? (
          <p>No reviews of learned words in the last 30 days yet. Your aim: remember {percent(retention.desired)}.</p>
        ) : (
          <>
            <p className="retention-figure">
              You remembered <strong>{percent(retention.actual)}</strong> of {retention.reviews} reviews (aim: {percent(retention.desired)}).
            </p>
            <div className="retention-bars">
              <span>Actual</span>
              <div className="progress" role="progressbar" aria-label="Actual retention" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(retention.actual * 100)}>
                <span style={{ width: percent(retention.actual) }} />
              </div>
              <span>Aim</span>
              <div className="progress" role="progressbar" aria-label="Desired retention" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(retention.desired * 100)}>
                <span style={{ width: percent(retention.desired) }} />
              </div>
            </div>
          </>
        )}
      </section>
      <section aria-labelledby="forecast-heading">
        <h2 id="forecast-heading">Coming up</h2>
        <ForecastChart rows={progress.forecast} />
      </section>
    </div>
  );
}
