import '../languages.css';

/** Words learned as a bar and a rounded percent. */
export function PercentBar({ percent, label = 'Words learned' }: { percent: number; label?: string }) {
  return (
    <div className="percent-learned">
      <p>
        {label}: <strong>{percent}%</strong>
      </p>
      <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
