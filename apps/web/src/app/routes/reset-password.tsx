import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** The page a reset mail links to: `?token=` is the link's single-use token. */
export function Component() {
  const [params] = useSearchParams();
  return (
    <Page title="Choose a new password" className="narrow">
      <ResetPasswordForm token={params.get('token') ?? ''} />
    </Page>
  );
}
