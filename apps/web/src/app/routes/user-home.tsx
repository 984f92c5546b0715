import { RequireAccount } from '@/app/layout/require-account';
import { Page } from '@/components/ui/page';

export function Component() {
  return (
    <RequireAccount>
      <Page title="My languages">
        <p>This screen is being built.</p>
      </Page>
    </RequireAccount>
  );
}
