import type { ReminderState } from '@vocab/api';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useReminders, useUpdateReminders } from '../api/reminders';
import '../settings.css';

const DAYS = [
  { day: 1, short: 'Mon', name: 'Monday' },
  { day: 2, short: 'Tue', name: 'Tuesday' },
  { day: 3, short: 'Wed', name: 'Wednesday' },
  { day: 4, short: 'Thu', name: 'Thursday' },
  { day: 5, short: 'Fri', name: 'Friday' },
  { day: 6, short: 'Sat', name: 'Saturday' },
  { day: 7, short: 'Sun', name: 'Sunday' },
];
/** The chosen days as a learner says them: "every day", "Monday to Friday", "Mondays, Wednesdays and Fridays". */
export function daysLabel(days: readonly number[]): string {
  const chosen = DAYS.filter((d) => days.includes(d.day));
  if (chosen.length === 7) return 'every day';
  if (chosen.length === 5 && chosen.every((d) => d.day <= 5)) return 'Monday to Friday';
  if (chosen.length === 2 && chosen.every((d) => d.day >= 6)) return 'Saturdays and Sundays';
  const names = chosen.map((d) => `${d.name}s`);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'no day');
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The daily reminder (accounts only): an email at a chosen hour, on chosen days, when there is practice waiting. */
export function ReminderSettings({ loggedIn }: { loggedIn: boolean }) {
  const reminders = useReminders(loggedIn);
  return (
    <section aria-labelledby="reminder-heading" className="reminder-settings">
      <h2 id="reminder-heading">Daily reminder</h2>
      {loggedIn ? (
        <QueryState query={reminders} errorText="Your reminder settings could not be loaded.">
          {(state) =>
            !state.available ? (
              <p className="empty-state">Reminders are unavailable: this server cannot send email.</p>
            ) : !state.emailConfirmed && !state.enabled ? (
              <p className="empty-state">
                Reminders go to a confirmed email address. <Link to={paths.userProfile}>Add one in your profile</Link>.
              </p>
            ) : (
              <ReminderForm initial={state} />
            )
          }
        </QueryState>
      ) : (
        <p className="empty-state">
          <Link to={paths.loginThen(paths.settings)}>Log in</Link> to get a reminder by email on the days you have not
          practised.
        </p>
      )}
    </section>
  );
}

function ReminderForm({ initial }: { initial: ReminderState }) {
  // A learner turning reminders on for the first time gets their device's zone, not the server's default.
  const [draft, setDraft] = useState(() => ({
    ...initial,
    timeZone: initial.enabled ? initial.timeZone : browserTimeZone(),
  }));
  const update = useUpdateReminders();
  const noDays = draft.enabled && draft.days.length === 0;
  const change = (patch: Partial<typeof draft>) => {
    update.reset();
    setDraft((d) => ({ ...d, ...patch }));
  };
  const toggleDay = (day: number, on: boolean) =>
    change({ days: on ? [...draft.days, day].sort() : draft.days.filter((d) => d !== day) });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (noDays) return;
    update.mutate({ enabled: draft.enabled, hour: draft.hour, timeZone: draft.timeZone, days: draft.days });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {initial.emailConfirmed ? null : (
        <p className="empty-state">
          No confirmed email address: nothing is sent until you{' '}
          <Link to={paths.userProfile}>confirm one in your profile</Link>.
        </p>
      )}
      <label className="checkbox">
        <input type="checkbox" checked={draft.enabled} onChange={(e) => change({ enabled: e.target.checked })} /> Email
        me when words are waiting and I have not practised that day
      </label>
      <label htmlFor="reminder-hour">At</label>
      <select
        id="reminder-hour"
        value={draft.hour}
        onChange={(e) => change({ hour: Number(e.target.value) })}
        disabled={!draft.enabled}
        aria-describedby="reminder-zone"
      >
        {HOURS.map((h) => (
          <option key={h} value={h}>
            {hourLabel(h)}
          </option>
        ))}
      </select>
      <small id="reminder-zone" className="hint">
        Your time zone: {draft.timeZone}
        {draft.timeZone === browserTimeZone() ? null : (
          <>
            {' '}
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => change({ timeZone: browserTimeZone() })}
              disabled={!draft.enabled}
            >
              Use {browserTimeZone()}
            </button>
          </>
        )}
      </small>
      <span id="reminder-days" className="label">
        On
      </span>
      <div className="day-picker" role="group" aria-labelledby="reminder-days">
        {DAYS.map(({ day, short, name }) => (
          <label key={day} className="checkbox">
            <input
              type="checkbox"
              checked={draft.days.includes(day)}
              onChange={(e) => toggleDay(day, e.target.checked)}
              disabled={!draft.enabled}
              aria-label={name}
            />{' '}
            {short}
          </label>
        ))}
      </div>
      {noDays ? <small className="field-error">Choose at least one day.</small> : null}
      {update.isError ? <ErrorBox>{reminderErrorText(update.error)}</ErrorBox> : null}
      {update.isSuccess ? (
        <p className="success" role="status">
          {update.data.enabled
            ? `Saved. Reminders at ${hourLabel(update.data.hour)} (${update.data.timeZone}), ` +
              `${daysLabel(update.data.days)}.`
            : 'Saved. Reminders are off.'}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save reminder'}
      </button>
    </form>
  );
}

function reminderErrorText(err: Error): string {
  if (!(err instanceof ApiError)) return 'Error: please try again.';
  if (err.code === 'email_unconfirmed') return 'Confirm your email address in your profile first.';
  if (err.status === 400 || err.status === 409 || err.status === 429 || err.code === 'network') return err.message;
  return 'Error: please try again.';
}
