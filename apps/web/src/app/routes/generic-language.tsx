import type { Language } from '@vocab/core';
import { Link, useParams } from 'react-router';
import { RequireAccount } from '@/app/layout/require-account';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { activeLanguage } from '@/lib/active-language';
import { useSession } from '@/features/auth/api/get-session';
import { useUserLanguage } from '@/features/languages/api/user-languages';
import { wordCount } from '@/features/languages/lib/word-count';
import { PercentBar } from '@/features/languages/components/percent-bar';
import { Component as NotFound } from './not-found';

export function Component() {
  const language = activeLanguage(useParams().language);
  return <RequireAccount>{language ? <GenericLanguage key={language.code} language={language} /> : <NotFound />}</RequireAccount>;
}

/** The account's home of one language (SPEC.md §2 `/generic/{languageName}`); an unknown language is a 404. */
function GenericLanguage({ language }: { language: Language }) {
  const userId = useSession().data?._id ?? '';
  const record = useUserLanguage(userId, language.code);
  return (
    <Page title={language.name} heading={<Heading language={language} />}>
      {record.isPending ? <Loading /> : null}
      {record.isError ? <ErrorBox title="Error loading" onRetry={() => void record.refetch()}>{record.error.message}</ErrorBox> : null}
      {record.data === null ? (
        <p>
          {language.name} is not among your languages yet. <Link to={paths.addLanguage}>Add it</Link>.
        </p>
      ) : null}
      {record.data ? (
        <>
          <PercentBar percent={record.data.percentLearned} />
          <p>
            Total words: <strong>{record.data.totalWords.toLocaleString('en')}</strong>
          </p>
          <p>
            Up for review: <strong>{wordCount(record.data.dueCount)}</strong>
          </p>
          <div className="actions">
            <Link to={paths.genericQuiz(language.code)} className="btn btn-primary">
              Learn new words
            </Link>
            <Link to={paths.genericReview(language.code)} className="btn btn-secondary">
              Review words
            </Link>
          </div>
        </>
      ) : null}
    </Page>
  );
}

/** The breadcrumb leads to the page's heading, as it sits above it. */
function Heading({ language }: { language: Language }) {
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to={paths.userHome}>Your languages</Link>
          </li>
          <li aria-current="page">{language.name}</li>
        </ol>
      </nav>
      <h1>{language.name}</h1>
    </>
  );
}
