import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { AccountDeletedNotice } from '@/features/account/components/account-deleted-notice';
import { useSession } from '@/features/auth/api/get-session';
import { LanguageDeck } from '@/features/languages/components/language-deck';

/**
 * The landing page (SPEC.md §2): greeting, the language cards with real word counts, and Log in. A visitor is told
 * in one line what the app does and offered one obvious start: practising now, as a guest.
 */
export function Component() {
  const session = useSession();
  const user = session.data;
  return (
    <Page title="Welcome" heading={<h1>Hello and welcome...</h1>} className="landing">
      <AccountDeletedNotice />
      <section className="hero" aria-label="What Vocab does">
        <p className="tagline">
          Learn the words you need by typing them: each word comes back just before you would forget it.
        </p>
        {user ? (
          <div className="hero-actions">
            <Link to={paths.userHome} className="btn btn-primary btn-large">
              Go to your languages
            </Link>
          </div>
        ) : (
          <div className="hero-actions">
            <Link to={paths.languageQuiz('spanish')} className="btn btn-primary btn-large">
              Start practising Spanish now
            </Link>
            <p className="hint">No account needed. Or pick another language below; sign up later to keep your progress.</p>
          </div>
        )}
      </section>
      <p className="lead">I want to learn vocabulary for:</p>
      <LanguageDeck />
      {user ? null : (
        <p className="landing-login">
          Learning already?{' '}
          <Link to={paths.login} className="btn btn-secondary">
            Log in
          </Link>
        </p>
      )}
    </Page>
  );
}
