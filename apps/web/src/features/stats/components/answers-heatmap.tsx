import type { LanguageCharts } from '@vocab/api';
import { type KeyboardEvent, useId, useState } from 'react';
import '../stats.css';

type DayCount = LanguageCharts['reviewsPerDay'][number];

const CELL = 16;
const GAP = 3;
const STEP = CELL + GAP;
const LEFT = 30;
const TOP = 16;
const WEEKDAYS = ['Mon', '', 'Wed', '', 'Fri', '', ''];

const utc = (date: string) => new Date(`${date}T00:00:00Z`);
/** Monday 0 … Sunday 6. */
const weekday = (date: string) => (utc(date).getUTCDay() + 6) % 7;
const longDate = (date: string) =>
  utc(date).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthName = (date: string) => utc(date).toLocaleDateString('en-GB', { month: 'short', timeZone: 'UTC' });
const answers = (n: number) => `${n.toLocaleString('en')} answer${n === 1 ? '' : 's'}`;

/** 0 for no answers, else 1–4 by the share of the busiest day: the colour steps of the legend. */
export const heatLevel = (count: number, max: number): number =>
  count === 0 ? 0 : Math.min(4, Math.ceil((4 * count) / Math.max(1, max)));

/** Where each day sits: one column a week (Monday on top), the weeks left to right. */
export function heatmapCells(rows: readonly DayCount[]) {
  const offset = rows[0] ? weekday(rows[0].date) : 0;
  return rows.map((r, i) => ({ ...r, week: Math.floor((i + offset) / 7), day: (i + offset) % 7 }));
}

/** A month's label over the first week that holds its first day (and over the first week shown). */
export function monthLabels(cells: ReturnType<typeof heatmapCells>) {
  const labels: Array<{ week: number; text: string }> = [];
  for (const c of cells) {
    const first = c.date.endsWith('-01') || c === cells[0];
    if (!first) continue;
    // A label too close to the one before (the first week of the range) gives way to the new month.
    if (labels.length > 0 && c.week - (labels.at(-1)?.week ?? 0) < 3) labels.pop();
    labels.push({ week: c.week, text: monthName(c.date) });
  }
  return labels;
}

/** The arrow keys move the picked day as the calendar is drawn: a week sideways, a day up or down. */
const ARROW_STEPS: Record<string, number> = { ArrowLeft: -7, ArrowRight: 7, ArrowUp: -1, ArrowDown: 1 };

/**
 * Answers per day as a calendar, as Anki and GitHub draw it: weeks as columns, weekdays as rows, month names on
 * top, a legend, and each day's count in a label under it (today's at first, then the day touched, hovered or
 * reached with the arrow keys). Today has a dot of its own, not an outline: an outline around it read as the
 * keyboard's focus ring, which the calendar has too. The svg is one image with a summary for assistive
 * technology; the table in the figure's caption holds every day.
 */
export function AnswersHeatmap({ rows }: { rows: readonly DayCount[] }) {
  const cells = heatmapCells(rows);
  const max = Math.max(0, ...rows.map((r) => r.count));
  const weeks = (cells.at(-1)?.week ?? 0) + 1;
  const [picked, setPicked] = useState<number | undefined>();
  const shown = rows[picked ?? rows.length - 1];
  const summaryId = useId();
  const total = rows.reduce((s, r) => s + r.count, 0);
  const activeDays = rows.filter((r) => r.count > 0).length;
  const width = LEFT + weeks * STEP;
  const height = TOP + 7 * STEP;
  const today = cells.at(-1);
  const dayName = (date: string) => (date === today?.date ? 'Today' : longDate(date));
  const onKeyDown = (e: KeyboardEvent) => {
    const step = ARROW_STEPS[e.key];
    if (step === undefined || rows.length === 0) return;
    e.preventDefault();
    setPicked(Math.min(rows.length - 1, Math.max(0, (picked ?? rows.length - 1) + step)));
  };
  const days = `${activeDays} day${activeDays === 1 ? '' : 's'}`;
  const most = max > 0 ? `, at most ${max} in a day` : '';
  const summary = `Answers per day over the last ${rows.length} days: ${answers(total)} on ${days}${most}.`;

  return (
    <div className="heatmap">
      <svg
        className="heatmap-grid"
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        role="img"
        aria-labelledby={summaryId}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        {monthLabels(cells).map((m) => (
          <text key={`${m.week}-${m.text}`} className="heatmap-label" x={LEFT + m.week * STEP} y={TOP - 5}>
            {m.text}
          </text>
        ))}
        {WEEKDAYS.map((name, day) =>
          name ? (
            <text key={name} className="heatmap-label" x={0} y={TOP + day * STEP + CELL - 3}>
              {name}
            </text>
          ) : null,
        )}
        {cells.map((c, i) => (
          <rect
            key={c.date}
            className={`heat-${heatLevel(c.count, max)}${i === picked ? ' is-picked' : ''}`}
            x={LEFT + c.week * STEP}
            y={TOP + c.day * STEP}
            width={CELL}
            height={CELL}
            rx={3}
            onMouseEnter={() => setPicked(i)}
            onClick={() => setPicked(i)}
          >
            <title>{`${dayName(c.date)}: ${answers(c.count)}`}</title>
          </rect>
        ))}
        {today ? (
          <circle
            className="heatmap-today"
            cx={LEFT + today.week * STEP + CELL / 2}
            cy={TOP + today.day * STEP + CELL / 2}
            r={3}
          />
        ) : null}
      </svg>
      <div className="heatmap-foot">
        <p className="heatmap-day" aria-hidden="true">
          {shown ? (
            <>
              {dayName(shown.date)}: <strong>{answers(shown.count)}</strong>
            </>
          ) : null}
        </p>
        <p className="heatmap-legend" aria-hidden="true">
          Less
          {[0, 1, 2, 3, 4].map((level) => (
            <span key={level} className={`heat-swatch heat-${level}`} />
          ))}
          More
          <span className="heatmap-legend-today">
            <span className="heatmap-today-swatch heat-0" />
            Today
          </span>
        </p>
      </div>
      <p className="hint" id={summaryId}>
        {summary}
      </p>
    </div>
  );
}
