import type { Language } from '@vocab/core';
import { Link, useLocation } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { activeLanguage } from '@/lib/active-language';
import { useLanguageStats } from '@/features/languages/api/get-language-stats';
import { PercentBar } from '@/features/languages/components/percent-bar';

/** A language's home (SPEC.md §2): percent learned, total, practice, up for review, add words. */
export function Component() {
  // "/italian" → Italian.
  const language = activeLanguage(/^\/([a-z]+)\/?$/.exec(useLocation().pathname)?.[1]);
  if (!language) {
    return (
      <Page title="Language">
        <ErrorBox>This language is not offered.</ErrorBox>
      </Page>
    );
  }
  return <LanguageHome key={language.code} language={language} />;
}

function LanguageHome({ language }: { language: Language }) {
  const stats = useLanguageStats(language.code);
  return (
    <Page title={language.name} className={`language-home language-home-${language.code}`}>
      {stats.isPending ? <Loading /> : null}
      {stats.isError ? <ErrorBox title="Error loading" onRetry={() => void stats.refetch()}>{stats.error.message}</ErrorBox> : null}
      {stats.data ? (
        <>
          <PercentBar percent={stats.data.percentLearned} />
          <p>
            Total: <strong>{stats.data.totalWords.toLocaleString('en')}</strong> words, {stats.data.learnedCount.toLocaleString('en')} learned
          </p>
          <div className="actions">
            <Link to={paths.languageQuiz(language.code)} className="btn btn-primary">
              Practice vocab
            </Link>
            <Link to={`${paths.languageQuiz(language.code)}?direction=reverse`} className="btn btn-secondary">
              Practice English → {language.name}
            </Link>
          </div>
          <p>
            Up for review: <strong>{stats.data.dueCount}</strong> {stats.data.dueCount === 1 ? 'word' : 'words'}
          </p>
          <div className="actions">
            <Link to={paths.languageReview(language.code)} className="btn btn-secondary">
              Review words
            </Link>
            <Link to={paths.languageAddWords(language.code)} className="btn btn-secondary">
              Add words
            </Link>
            <Link to={paths.languageStats(language.code)} className="btn btn-link">
              Your progress
            </Link>
          </div>
        </>
      ) : null}
    </Page>
  );
}
