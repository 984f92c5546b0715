import { Page } from '@/components/ui/page';
import { SignupForm } from '@/features/auth/components/signup-form';
import { useSummary } from '@/features/stats/api/get-summary';

export function Component() {
  // A guest who practised has answers to count (a visitor who never answered has none): only they hear that their
  // practice moves into the account.
  const practised = (useSummary().data?.xp ?? 0) > 0;
  return (
    <Page title="Sign up" className="narrow">
      <SignupForm practisedAsGuest={practised} />
    </Page>
  );
}
