import type { UserLanguage } from '@vocab/api';
import { getLanguage } from '@vocab/core';
import { Link } from 'react-router';
import { RequireAccount } from '@/app/layout/require-account';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/api/get-session';
import { useUserLanguages } from '@/features/languages/api/user-languages';
import { LanguageCardTitle } from '@/features/languages/components/language-card-title';
import { LanguageFlag } from '@/features/languages/components/language-flag';
import { PercentBar } from '@/features/languages/components/percent-bar';
import { SummaryPanel } from '@/features/stats/components/summary-panel';

export function Component() {
  return (
    <RequireAccount>
      <UserHome />
    </RequireAccount>
  );
}

/** The account's languages (`/user-home`), with today's streak, goal and XP. */
function UserHome() {
  const user = useSession().data;
  const languages = useUserLanguages(user?._id ?? '');
  return (
    <Page title="Your languages" heading={<h1>Hello, {user?.username}</h1>}>
      <SummaryPanel />
      <div className="section-head">
        <h2>Your languages</h2>
        {/* "+ add" as the original has it; the name says where it goes. */}
        <Link to={paths.addLanguage} className="btn btn-secondary" aria-label="Add a language">
          + add
        </Link>
      </div>
      <QueryState
        query={languages}
        isEmpty={(list) => list.length === 0}
        empty={
          <div className="empty-state">
            <p>No languages added yet</p>
            <p className="hint">
              Add one, or practise any language from the home page: the ones you practise appear here.
            </p>
          </div>
        }
      >
        {(list) => (
          <ul className="card-grid">
            {list.map((record) => (
              <li key={record.language}>
                <UserLanguageCard record={record} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Page>
  );
}

function UserLanguageCard({ record }: { record: UserLanguage }) {
  const language = getLanguage(record.language);
  // A card that says "Review now" opens the review; otherwise the language's home.
  const to = record.dueCount > 0 ? paths.genericReview(language.code) : paths.genericLanguage(language.code);
  return (
    <Link to={to} className="card language-card">
      <LanguageCardTitle
        name={language.name}
        bg={language.bg}
        fontColor={language.fontColor}
        level={3}
        emblem={<LanguageFlag code={language.code} />}
      />
      <PercentBar percent={record.percentLearned} learned={record.learnedCount} />
      <p>
        {`${record.learnedCount.toLocaleString('en')} / ${record.totalWords.toLocaleString('en')} words`} ·{' '}
        {record.dueCount} up for review
      </p>
      <span className="language-card-cta">
        {record.dueCount > 0 ? 'Review now' : 'Continue'}{' '}
        <span className="arrow" aria-hidden="true">
          →
        </span>
      </span>
    </Link>
  );
}
