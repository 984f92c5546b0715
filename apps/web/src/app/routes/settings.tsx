import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { SettingsForm } from '@/features/settings/components/settings-form';
import { useSettings } from '@/lib/settings';

/** Settings belong to the learner, guest or account alike. */
export function Component() {
  const settings = useSettings();
  return (
    <Page title="Settings" className="narrow">
      <QueryState query={settings}>{(initial) => <SettingsForm initial={initial} />}</QueryState>
    </Page>
  );
}
