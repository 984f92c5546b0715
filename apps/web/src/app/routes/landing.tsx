import { LANGUAGES } from '@vocab/core';
import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { AccountDeletedNotice } from '@/features/account/components/account-deleted-notice';
import { useSession } from '@/features/auth/api/get-session';
import { languageStatsQueryOptions } from '@/features/languages/api/get-language-stats';
import { LanguageDeck } from '@/features/languages/components/language-deck';
import { wordCount } from '@/features/languages/lib/word-count';
import { useSummary } from '@/features/stats/api/get-summary';
import './landing.css';

/**
 * The landing page: greeting, the language cards with real word counts, and Log in. A visitor is told
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
          <ReturningGuest
            fallback={
              <div className="hero-actions">
                <Link to={paths.languageQuiz('spanish')} className="btn btn-primary btn-large">
                  Start practising Spanish now
                </Link>
                <p className="hint">
                  No account needed. Or pick another language below; sign up later to keep your progress.
                </p>
              </div>
            }
          />
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

const ACTIVE = LANGUAGES.filter((l) => l.active);

/**
 * What a returning guest has learned, on the landing page, with "Continue" to the language they have learned most in:
 * the
 * page otherwise greeted them as a first-time visitor. Shown only once the summary says the guest has practised
 * (XP), so a first visit asks for nothing more; while it loads, or if it cannot be read, `fallback` shows instead.
 */
function ReturningGuest({ fallback }: { fallback: ReactNode }) {
  const summary = useSummary();
  const practised = (summary.data?.xp ?? 0) > 0;
  const stats = useQueries({
    queries: ACTIVE.map((l) => ({ ...languageStatsQueryOptions(l.code), enabled: practised })),
  });
  const started = ACTIVE.map((language, i) => ({ language, stats: stats[i]?.data }))
    .filter(
      (s): s is { language: (typeof ACTIVE)[number]; stats: NonNullable<typeof s.stats> } =>
        s.stats !== undefined && (s.stats.learnedCount > 0 || s.stats.dueCount > 0),
    )
    .sort((a, b) => b.stats.learnedCount - a.stats.learnedCount || b.stats.dueCount - a.stats.dueCount);
  const first = started[0];
  if (!practised || !first) return <>{fallback}</>;
  return (
    <div className="hero-actions returning-guest">
      <p className="guest-welcome">
        Welcome back! As a guest you have learned{' '}
        {started.map((s, i) => (
          <span key={s.language.code}>
            {i > 0 ? (i === started.length - 1 ? ' and ' : ', ') : null}
            <strong>{wordCount(s.stats.learnedCount)}</strong> in {s.language.name}
            {s.stats.dueCount > 0 ? ` (${s.stats.dueCount.toLocaleString('en')} up for review)` : null}
          </span>
        ))}
        .
      </p>
      <Link to={paths.language(first.language.code)} className="btn btn-primary btn-large">
        Continue {first.language.name}
      </Link>
      <p className="hint">
        <Link to={paths.signup}>Sign up</Link> to keep your progress on any device.
      </p>
    </div>
  );
}
