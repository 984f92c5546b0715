import type { LanguageCode } from '@vocab/core';
import { RequireAccount } from '@/app/layout/require-account';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/api/get-session';
import { useLanguages } from '@/features/languages/api/get-languages';
import { useAddLanguage, useUserLanguages } from '@/features/languages/api/user-languages';

export function Component() {
  return (
    <RequireAccount>
      <AddLanguage />
    </RequireAccount>
  );
}

/** Every offered language with its real deck size; "✔ Added" once it is the account's (SPEC.md §4). */
function AddLanguage() {
  const userId = useSession().data?._id ?? '';
  const offered = useLanguages();
  const mine = useUserLanguages(userId);
  const add = useAddLanguage(userId);
  const retry = () => void Promise.all([offered.refetch(), mine.refetch()]);

  if (offered.isPending || mine.isPending) return <Page title="Add a language"><Loading /></Page>;
  if (offered.isError || mine.isError) {
    return (
      <Page title="Add a language">
        <ErrorBox title="Error loading" onRetry={retry}>{(offered.error ?? mine.error)?.message}</ErrorBox>
      </Page>
    );
  }
  const added = new Set<string>(mine.data.map((l) => l.language));
  return (
    <Page title="Add a language">
      <ul className="card-grid">
        {offered.data.filter((card) => card.isActive).map((card) => (
          <li key={card.languageLowerCase} className="card language-card">
            <h2>{card.language}</h2>
            <p>{card.totalWords.toLocaleString('en')} words</p>
            {added.has(card.languageLowerCase) ? (
              <p className="success">✔ Added</p>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                disabled={add.isPending}
                onClick={() => add.mutate(card.languageLowerCase as LanguageCode)}
                aria-label={`Add ${card.language}`}
              >
                Add
              </button>
            )}
          </li>
        ))}
      </ul>
      {add.isError ? <ErrorBox>{add.error.message}</ErrorBox> : null}
    </Page>
  );
}
