import { Page } from '@/components/ui/page';

export function Component() {
  return (
    <Page title="Languages offered">
      <p>This screen is being built.</p>
    </Page>
  );
}
