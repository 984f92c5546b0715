import type { LanguageCard } from '@vocab/api';
import { type LanguageCode, isLanguageCode } from '@vocab/core';
import { Link } from 'react-router';
import { RequireAccount } from '@/app/layout/require-account';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { QueryState, bothQueries } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/api/get-session';
import { useLanguages } from '@/features/languages/api/get-languages';
import { useAddLanguage, useUserLanguages } from '@/features/languages/api/user-languages';
import { LanguageCardTitle } from '@/features/languages/components/language-card-title';
import { LanguageFlag } from '@/features/languages/components/language-flag';
import { wordCount } from '@/features/languages/lib/word-count';

export function Component() {
  return (
    <RequireAccount>
      <AddLanguage />
    </RequireAccount>
  );
}

const TITLE = 'Add a language';

/** Every offered language with its real deck size; "✔ Added" once it is the account's. */
function AddLanguage() {
  const userId = useSession().data?._id ?? '';
  const offered = useLanguages();
  const mine = useUserLanguages(userId);
  const add = useAddLanguage(userId);
  return (
    <Page title={TITLE}>
      <QueryState
        query={bothQueries(offered, mine)}
        isEmpty={([cards]) => !cards.some((card) => card.isActive)}
        empty={<p>No languages are offered yet.</p>}
      >
        {([cards, own]) => {
          const added = new Set<string>(own.map((l) => l.language));
          return (
            <ul className="card-grid">
              {cards
                .filter((card) => card.isActive)
                .map((card) => (
                  <li key={card.languageLowerCase} className="card language-card">
                    <LanguageCardTitle
                      name={card.language}
                      bg={card.bg}
                      fontColor={card.fontColor}
                      emblem={
                        isLanguageCode(card.languageLowerCase) ? <LanguageFlag code={card.languageLowerCase} /> : null
                      }
                    />
                    <p>{wordCount(card.totalWords)}</p>
                    {added.has(card.languageLowerCase) ? (
                      <AddedLanguage card={card} />
                    ) : (
                      <>
                        <button
                          type="button"
                          className="btn btn-primary"
                          disabled={add.isPending}
                          onClick={() => add.mutate(card.languageLowerCase)}
                        >
                          {/* The language in the name, hidden from sight:
                              five "Add" buttons must be told apart by ear. */}
                          {add.isPending && add.variables === card.languageLowerCase ? 'Adding...' : 'Add'}
                          <span className="visually-hidden"> {card.language}</span>
                        </button>
                        {add.isError && add.variables === card.languageLowerCase ? (
                          <ErrorBox>{add.error.message}</ErrorBox>
                        ) : null}
                      </>
                    )}
                  </li>
                ))}
            </ul>
          );
        }}
      </QueryState>
      <p>
        <Link to={paths.userHome}>Back to your languages</Link>
      </p>
    </Page>
  );
}

function AddedLanguage({ card }: { card: LanguageCard }) {
  const code: LanguageCode = card.languageLowerCase;
  return (
    <>
      <p className="success">✔ Added</p>
      <Link to={paths.genericLanguage(code)}>
        Open<span className="visually-hidden"> {card.language}</span>
      </Link>
    </>
  );
}
