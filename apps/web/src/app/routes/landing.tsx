import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/api/get-session';
import { LanguageDeck } from '@/features/languages/components/language-deck';

/** The landing page (SPEC.md §2): greeting, the language cards with real word counts, and Log in. */
export function Component() {
  const session = useSession();
  return (
    <Page title="Welcome" heading={<h1>Hello and welcome...</h1>} className="landing">
      <p className="lead">I want to learn vocabulary for:</p>
      <LanguageDeck />
      {session.data ? (
        <p>
          <Link to={paths.userHome} className="btn btn-primary">
            Go to your languages
          </Link>
        </p>
      ) : (
        <p>
          <Link to={paths.login} className="btn btn-primary">
            Log in
          </Link>
        </p>
      )}
    </Page>
  );
}
