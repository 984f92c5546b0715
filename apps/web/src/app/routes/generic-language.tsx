import { RequireAccount } from '@/app/layout/require-account';
import { Page } from '@/components/ui/page';

export function Component() {
  return (
    <RequireAccount>
      <Page title="Language">
        <p>This screen is being built.</p>
      </Page>
    </RequireAccount>
  );
}
