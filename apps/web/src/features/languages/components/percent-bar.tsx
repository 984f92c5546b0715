import { ProgressBar } from '@/components/ui/progress-bar';
import '../languages.css';

/**
 * Words learned as a bar and a rounded percent; a few words learned of a large deck are "under 1%", never "0%"
 * (the rounded figure said the learner had learned nothing).
 */
export function PercentBar({
  percent,
  learned,
  label = 'Words learned',
}: {
  percent: number;
  learned?: number;
  label?: string;
}) {
  return (
    <div className="percent-learned">
      <p>
        {label}: <strong>{percent === 0 && (learned ?? 0) > 0 ? 'under 1%' : `${percent}%`}</strong>
      </p>
      <ProgressBar label={label} percent={percent} />
    </div>
  );
}
