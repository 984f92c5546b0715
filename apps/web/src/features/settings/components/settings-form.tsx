import type { Settings } from '@vocab/api';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { settingsQueryOptions } from '@/lib/settings';
import { applyTheme } from '@/lib/theme';
import { useUpdateSettings } from '../api/update-settings';
import '../settings.css';

const THEMES: Array<{ value: Settings['theme']; label: string }> = [
  { value: 'system', label: 'Same as my device' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Every learner setting on one form; nothing is lost on an error, and "Saved" confirms a change. */
export function SettingsForm({ initial }: { initial: Settings }) {
  const [draft, setDraft] = useState(initial);
  const update = useUpdateSettings();
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => {
    update.reset();
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const goalValid = Number.isInteger(draft.dailyGoal) && draft.dailyGoal >= 1 && draft.dailyGoal <= 500;
  const queryClient = useQueryClient();
  // The theme chosen is shown at once, before Save; leaving the page unsaved puts the saved one back.
  useEffect(() => {
    applyTheme(draft.theme);
    return () => applyTheme(queryClient.getQueryData(settingsQueryOptions().queryKey)?.theme ?? 'system');
  }, [draft.theme, queryClient]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (goalValid) update.mutate(draft);
  };

  return (
    <form className="form settings-form" onSubmit={onSubmit} noValidate>
      <fieldset>
        <legend>Answers</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.strictAccents}
            onChange={(e) => set('strictAccents', e.target.checked)}
          />{' '}
          Strict accents: a missing or wrong accent counts as a wrong answer
        </label>
      </fieldset>

      <fieldset>
        <legend>Reviews</legend>
        <label htmlFor="retention">Remember {Math.round(draft.desiredRetention * 100)}% of words at review time</label>
        <input
          id="retention"
          type="range"
          min={0.8}
          max={0.97}
          step={0.01}
          value={draft.desiredRetention}
          onChange={(e) => set('desiredRetention', Number(e.target.value))}
          aria-describedby="retention-hint"
        />
        <small id="retention-hint" className="hint">
          Higher means more reviews and fewer forgotten words. 90% suits most learners.
        </small>
        <label htmlFor="daily-goal">Daily goal (answers a day)</label>
        <input
          id="daily-goal"
          type="number"
          inputMode="numeric"
          min={1}
          max={500}
          value={Number.isNaN(draft.dailyGoal) ? '' : draft.dailyGoal}
          onChange={(e) => set('dailyGoal', e.target.valueAsNumber)}
          aria-invalid={!goalValid}
          aria-describedby={goalValid ? undefined : 'goal-error'}
        />
        {goalValid ? null : (
          <small id="goal-error" className="field-error">
            Choose a whole number from 1 to 500.
          </small>
        )}
      </fieldset>

      <fieldset>
        <legend>Sound</legend>
        <label className="checkbox">
          <input type="checkbox" checked={draft.autoSpeak} onChange={(e) => set('autoSpeak', e.target.checked)} /> Read
          words aloud automatically
        </label>
      </fieldset>

      <fieldset>
        <legend>Theme</legend>
        <small className="hint">Shown as you choose it; Save settings to keep it.</small>
        {THEMES.map((t) => (
          <label key={t.value} className="checkbox">
            <input
              type="radio"
              name="theme"
              value={t.value}
              checked={draft.theme === t.value}
              onChange={() => set('theme', t.value)}
            />{' '}
            {t.label}
          </label>
        ))}
      </fieldset>

      {update.isError ? <ErrorBox>{update.error.message}</ErrorBox> : null}
      {update.isSuccess ? (
        <p className="success" role="status">
          Saved
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={update.isPending || !goalValid}>
        {update.isPending ? 'Saving...' : 'Save settings'}
      </button>
    </form>
  );
}
