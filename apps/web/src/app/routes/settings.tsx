import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { SettingsForm } from '@/features/settings/components/settings-form';
import { useSettings } from '@/lib/settings';

/** Settings belong to the learner, guest or account alike. */
export function Component() {
  const settings = useSettings();
  return (
    <Page title="Settings" className="narrow">
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorBox title="Error loading" onRetry={() => void settings.refetch()}>
          {settings.error.message}
        </ErrorBox>
      ) : (
        <SettingsForm initial={settings.data} />
      )}
    </Page>
  );
}
