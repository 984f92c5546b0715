import { Page } from '@/components/ui/page';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export function Component() {
  return (
    <Page title="Forgot your password?" className="narrow">
      <ForgotPasswordForm />
    </Page>
  );
}
