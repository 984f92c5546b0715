import { Page } from '@/components/ui/page';

export function Component() {
  return (
    <Page title="Swedish">
      <p className="coming-soon">Coming soon...</p>
    </Page>
  );
}
