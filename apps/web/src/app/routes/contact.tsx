import { Page } from '@/components/ui/page';

export function Component() {
  return (
    <Page title="Contact">
      <p>This screen is being built.</p>
    </Page>
  );
}
