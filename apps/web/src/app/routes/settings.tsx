import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useSession } from '@/features/auth/api/get-session';
import { ReminderSettings } from '@/features/settings/components/reminder-settings';
import { SettingsForm } from '@/features/settings/components/settings-form';
import { useSettings } from '@/lib/settings';

/** Settings belong to the learner, guest or account alike; the daily reminder, which needs an address, to accounts. */
export function Component() {
  const settings = useSettings();
  const session = useSession();
  return (
    <Page title="Settings" className="narrow">
      <QueryState query={settings}>{(initial) => <SettingsForm initial={initial} />}</QueryState>
      {session.isPending ? null : <ReminderSettings loggedIn={Boolean(session.data)} />}
    </Page>
  );
}
