import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { SignupForm } from '@/features/auth/components/signup-form';

export function Component() {
  return (
    <Page title="Sign up" className="narrow">
      <p>Your practice so far comes with you into the new account.</p>
      <SignupForm />
      <p>
        Already have an account? <Link to={paths.login}>Log in</Link>
      </p>
    </Page>
  );
}
