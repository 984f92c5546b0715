import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { Unsubscribe } from '@/features/settings/components/unsubscribe';

/** The page a reminder's "Stop these reminders" link opens: one button, no login. */
export function Component() {
  const [params] = useSearchParams();
  return (
    <Page title="Daily reminders" className="narrow">
      <Unsubscribe u={params.get('u') ?? ''} s={params.get('s') ?? ''} />
    </Page>
  );
}
