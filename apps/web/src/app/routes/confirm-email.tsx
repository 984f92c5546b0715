import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { ConfirmEmail } from '@/features/account/components/confirm-email';

/** The page a confirmation mail links to: the address is confirmed as the page opens. */
export function Component() {
  const [params] = useSearchParams();
  return (
    <Page title="Confirm your email address" className="narrow">
      <ConfirmEmail token={params.get('token') ?? ''} />
    </Page>
  );
}
