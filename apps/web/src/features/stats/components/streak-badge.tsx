import { useSummary } from '../api/get-summary';

/** A flame drawn inline: an emoji would need a colour-emoji font, which many systems lack (a box shows instead). */
function Flame() {
  return (
    <svg className="streak-flame" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={
          'M12 2c.6 3.2-1.2 5-2.7 6.7C7.8 10.4 6 12.2 6 15a6 6 0 0 0 12 0' +
          'c0-2.3-1-4.1-2.2-5.5-.3 1.3-1 2.3-2.1 2.8.4-3.6-.6-7.5-1.7-10.3z'
        }
        fill="currentColor"
      />
    </svg>
  );
}

/** Streak and today's goal in words, small enough for the navbar: "3-day streak · 5/20 today". Nothing until known. */
export function StreakBadge() {
  const { data } = useSummary();
  if (!data) return null;
  const done = Math.min(data.todayAnswers, data.dailyGoal);
  return (
    <p className={`streak-badge${data.goalMet ? ' is-met' : ''}`} title={`${data.xp} XP in all`}>
      <Flame />
      <span>
        {/* The words go first when the header is short of room (styles.css):
            "3 · 5/20" still reads, and is read out whole. */}
        {/* No streak yet is not a streak of 0 days: the goal alone is shown until the first day counts. */}
        {data.streak > 0 ? (
          <>
            {data.streak}
            <span className="streak-words">-day streak</span> ·{' '}
          </>
        ) : (
          <span className="visually-hidden">No streak yet; </span>
        )}
        {done}/{data.dailyGoal}
        <span className="streak-words"> today</span>
        <span className="visually-hidden">
          {' '}
          (answers of your daily goal{data.goalMet ? ', goal met' : ''}; {data.xp} XP)
        </span>
      </span>
    </p>
  );
}
