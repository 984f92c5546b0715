import type { LanguageCharts as Charts } from '@vocab/api';
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
import { type ReactNode, useMemo, useState } from 'react';
import { ProgressBar } from '@/components/ui/progress-bar';
import { nextReviewText } from '../lib/next-review';
import { AnswersHeatmap } from './answers-heatmap';
import { ChartCanvas } from './chart-canvas';
import '../stats.css';
import './language-charts.css';
import { ColumnHeads } from '@/components/ui/column-heads';

// Only the pieces these charts use: chart.js is tree-shaken to them, and this module loads with the stats page only.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Filler,
  Tooltip,
);

type DayCount = Charts['reviewsPerDay'][number];

const css = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#2b4acb';
const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

function DataTable({ caption, rows, unit }: { caption: string; rows: DayCount[]; unit: string }) {
  return (
    <table>
      <caption>{caption}</caption>
      <ColumnHeads columns={['Date', unit]} />
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

/** The learned chart shows at least two weeks, however new the learner. */
const MIN_LEARNED_DAYS = 14;

/**
 * The days from the learner's start: the last day before their first learned word on. A learner who began
 * yesterday would otherwise see three months of a flat zero and a spike at the right edge.
 */
function sinceStart(rows: readonly DayCount[], minDays = MIN_LEARNED_DAYS): DayCount[] {
  const first = rows.findIndex((r) => r.count > 0);
  const start = first < 0 ? rows.length - minDays : Math.min(first - 1, rows.length - minDays);
  return rows.slice(Math.max(0, start));
}

/**
 * Both charts of counts by day: sized by their box, drawn at once, whole numbers from zero up. A new object each
 * time: Chart.js writes its resolved settings into the options it is given.
 */
const countChartOptions = () => ({
  responsive: true,
  maintainAspectRatio: false,
  animation: false as const,
  scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
});

function LearnedChart({ rows: allRows }: { rows: DayCount[] }) {
  const rows = useMemo(() => sinceStart(allRows), [allRows]);
  const config = useMemo<ChartConfiguration<'line'>>(
    () => ({
      type: 'line',
      data: {
        labels: rows.map((r) => shortDate(r.date)),
        // Steps, not a curve: a count that changes once a day, which a smoothed line showed rising before the first
        // learned word.
        datasets: [
          {
            label: 'Words learned',
            data: rows.map((r) => r.count),
            borderColor: css('--primary'),
            backgroundColor: 'transparent',
            pointRadius: 0,
            stepped: 'after',
          },
        ],
      },
      options: countChartOptions(),
    }),
    [rows],
  );
  const last = rows.at(-1)?.count ?? 0;
  return (
    <ChartCanvas config={config} label={`Words learned over the last ${rows.length} days, now ${last}`}>
      <DataTable caption="Words learned" rows={rows} unit="Words learned" />
    </ChartCanvas>
  );
}

/** 90 days as a calendar (answers-heatmap.tsx), with every day in a table for assistive technology. */
function ReviewsHeatmap({ rows }: { rows: DayCount[] }) {
  return (
    <figure className="chart">
      <AnswersHeatmap rows={rows} />
      <figcaption className="visually-hidden">
        <DataTable caption="Answers per day" rows={rows} unit="Answers" />
      </figcaption>
    </figure>
  );
}

function ForecastChart({ rows }: { rows: DayCount[] }) {
  const config = useMemo<ChartConfiguration<'bar'>>(
    () => ({
      type: 'bar',
      // The first bar is today's: the words due now and those coming back later today.
      data: {
        labels: rows.map((r, i) => (i === 0 ? 'Today' : shortDate(r.date))),
        datasets: [{ label: 'Reviews due', data: rows.map((r) => r.count), backgroundColor: css('--primary') }],
      },
      options: countChartOptions(),
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

/**
 * Today's reviews told apart: those due now (what Review asks) and those due later today, which the chart's first
 * bar counts too, with when the next one opens.
 */
function DueToday({ charts, reviewLink }: { charts: Charts; reviewLink?: ReactNode }) {
  const laterToday = Math.max(0, (charts.forecast[0]?.count ?? 0) - charts.dueNow);
  const [now] = useState(Date.now);
  const when = nextReviewText(charts.nextDueAt, now);
  return (
    <dl className="due-today">
      <div>
        <dt>Due now</dt>
        <dd>
          <strong>{charts.dueNow}</strong> {charts.dueNow > 0 ? reviewLink : null}
        </dd>
      </div>
      <div>
        <dt>Later today</dt>
        <dd>
          <strong>{laterToday}</strong>
        </dd>
      </div>
      <div>
        <dt>Next review</dt>
        <dd>{charts.dueNow > 0 ? 'now' : (when ?? 'none scheduled')}</dd>
      </div>
    </dl>
  );
}

/**
 * In place of the learned chart while no word is learned: a line flat at zero told the learner nothing, and the
 * chart begins on their first learned word anyway.
 */
function NothingLearnedYet({ quizLink }: { quizLink?: ReactNode }) {
  return (
    <div className="chart-empty">
      <p>Nothing to chart yet: each word you learn will show here, day by day.</p>
      {quizLink}
    </div>
  );
}

/** `reviewLink` shows when words are due now; `quizLink` when no word is learned yet. */
export function LanguageCharts({
  charts,
  reviewLink,
  quizLink,
}: {
  charts: Charts;
  reviewLink?: ReactNode;
  quizLink?: ReactNode;
}) {
  const { retention } = charts;
  const learnedAny = charts.learnedOverTime.some((day) => day.count > 0);
  return (
    <div className="stats-grid">
      <section aria-labelledby="learned-heading">
        <h2 id="learned-heading">Words learned</h2>
        {learnedAny ? <LearnedChart rows={charts.learnedOverTime} /> : <NothingLearnedYet quizLink={quizLink} />}
      </section>
      <section aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">Answers per day</h2>
        <ReviewsHeatmap rows={charts.reviewsPerDay} />
      </section>
      <section className="stats-wide stats-retention" aria-labelledby="retention-heading">
        <h2 id="retention-heading">Retention</h2>
        {retention.actual === null ? (
          <p>No reviews of learned words in the last 30 days yet. Your aim: remember {percent(retention.desired)}.</p>
        ) : (
          <>
            <p className="retention-figure">
              You remembered <strong>{percent(retention.actual)}</strong> of {retention.reviews} reviews (aim:{' '}
              {percent(retention.desired)}).
            </p>
            <div className="retention-bars">
              <span>Actual</span>
              <ProgressBar label="Actual retention" percent={Math.round(retention.actual * 100)} />
              <span>Aim</span>
              <ProgressBar label="Desired retention" percent={Math.round(retention.desired * 100)} />
            </div>
          </>
        )}
      </section>
      <section className="stats-wide" aria-labelledby="forecast-heading">
        <h2 id="forecast-heading">Coming up</h2>
        <DueToday charts={charts} reviewLink={reviewLink} />
        <ForecastChart rows={charts.forecast} />
      </section>
    </div>
  );
}
