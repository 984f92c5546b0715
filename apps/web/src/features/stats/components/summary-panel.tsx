import type { Summary } from '@vocab/api';
import { ProgressBar } from '@/components/ui/progress-bar';
import { QueryState } from '@/components/ui/query-state';
import { useSummary } from '../api/get-summary';
import '../stats.css';

/** Streak, daily goal and XP for the user home. */
export function SummaryPanel() {
  const summary = useSummary();
  return (
    <QueryState query={summary} errorText="Your streak, daily goal and XP could not be read.">
      {(s) => <SummaryFigures s={s} />}
    </QueryState>
  );
}

function SummaryFigures({ s }: { s: Summary }) {
  const percent = Math.min(100, Math.round((s.todayAnswers / s.dailyGoal) * 100));
  return (
    <section className="summary-panel card" aria-label="Your progress today">
      <p className="summary-figure">
        <strong>{s.streak}</strong> day{s.streak === 1 ? '' : 's'} in a row
      </p>
      <p className="summary-figure">
        <strong>{s.xp}</strong> XP <span className="hint">(+{s.xpToday} today)</span>
      </p>
      <div>
        <p className="summary-goal">
          Daily goal: {Math.min(s.todayAnswers, s.dailyGoal)} / {s.dailyGoal} answers{s.goalMet ? ' — done!' : ''}
        </p>
        <ProgressBar label="Daily goal" percent={percent} />
      </div>
    </section>
  );
}
