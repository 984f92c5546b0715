import { useSummary } from '../api/get-summary';

/** Streak and today's goal, small enough for the navbar. Renders nothing until known. */
export function StreakBadge() {
  const { data } = useSummary();
  if (!data) return null;
  const label = `${data.streak}-day streak; ${data.todayAnswers} of ${data.dailyGoal} answers today; ${data.xp} XP`;
  return (
    <span className={`streak-badge${data.goalMet ? ' is-met' : ''}`} title={label} aria-label={label} role="img">
      <span aria-hidden="true">🔥 {data.streak}</span>
      <span aria-hidden="true">
        {Math.min(data.todayAnswers, data.dailyGoal)}/{data.dailyGoal}
      </span>
    </span>
  );
}
