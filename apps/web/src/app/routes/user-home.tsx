import { getLanguage, isLanguageCode } from '@vocab/core';
import { Link } from 'react-router';
import { RequireAccount } from '@/app/layout/require-account';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/api/get-session';
import { useUserLanguages } from '@/features/languages/api/user-languages';
import { PercentBar } from '@/features/languages/components/percent-bar';
import { SummaryPanel } from '@/features/progress/components/summary-panel';

export function Component() {
  return (
    <RequireAccount>
      <UserHome />
    </RequireAccount>
  );
}

/** The account's languages (SPEC.md §2 `/user-home`), with today's streak, goal and XP. */
function UserHome() {
  const user = useSession().data;
  const languages = useUserLanguages(user?._id ?? '');
  return (
    <Page title="Your languages" heading={<h1>Hello, {user?.username}</h1>}>
      <SummaryPanel />
      <div className="section-head">
        <h2>Your languages</h2>
        <Link to={paths.addLanguage} className="btn btn-secondary" aria-label="Add a language">
          + add
        </Link>
      </div>
      {languages.isPending ? <Loading /> : null}
      {languages.isError ? <ErrorBox title="Error loading" onRetry={() => void languages.refetch()}>{languages.error.message}</ErrorBox> : null}
      {languages.data?.length === 0 ? <p>No languages added yet</p> : null}
      {languages.data?.length ? (
        <ul className="card-grid">
          {languages.data.map((l) => (
            <li key={l.language}>
              <Link to={paths.genericLanguage(l.language)} className="card language-card">
                <h3>{isLanguageCode(l.language) ? getLanguage(l.language).name : l.language}</h3>
                <PercentBar percent={l.percentLearned} />
                <p>
                  {l.learnedCount} / {l.totalWords} words · {l.dueCount} up for review
                </p>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}
