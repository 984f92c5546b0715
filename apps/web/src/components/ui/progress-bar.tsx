/** A bar filled to `percent` (0 to 100), named for screen readers by `label`; `.progress` is styled app-wide. */
export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <span style={{ width: `${percent}%` }} />
    </div>
  );
}
