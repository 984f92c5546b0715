import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';

export function Component() {
  return (
    <Page title="Log in" className="narrow">
      <LoginForm />
      <p>
        <Link to={paths.forgotPassword}>Forgot your password?</Link>
      </p>
      <p>
        New here? <Link to={paths.signup}>Create an account</Link>
      </p>
    </Page>
  );
}
