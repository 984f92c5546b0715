import { Page } from '@/components/ui/page';
import { SignupForm } from '@/features/auth/components/signup-form';

export function Component() {
  return (
    <Page title="Sign up" className="narrow">
      <SignupForm />
    </Page>
  );
}
