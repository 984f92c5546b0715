import type { LanguageStats } from '@vocab/api';
import type { Language } from '@vocab/core';
import { Link, useLocation } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { activeLanguage } from '@/lib/active-language';
import { useLanguageStats } from '@/features/languages/api/get-language-stats';
import { wordCount } from '@/features/languages/lib/word-count';
import { PercentBar } from '@/features/languages/components/percent-bar';
import { Component as NotFound } from './not-found';

/**
 * A language's home (SPEC.md §2), one screen for the five languages, which it reads from the path
 * ("/italian" → Italian): percent learned, total, practice, up for review, add words, progress charts.
 */
export function Component() {
  const language = activeLanguage(/^\/([a-z]+)\/?$/.exec(useLocation().pathname)?.[1]);
  if (!language) return <NotFound />;
  return <LanguageHome key={language.code} language={language} />;
}

function LanguageHome({ language }: { language: Language }) {
  const stats = useLanguageStats(language.code);
  return (
    <Page title={language.name} className={`language-home language-home-${language.code}`}>
      {stats.isPending ? <Loading /> : null}
      {stats.isError ? (
        <ErrorBox title="Error loading" onRetry={() => void stats.refetch()}>
          {stats.error.message}
        </ErrorBox>
      ) : null}
      {stats.data ? <LanguageFigures language={language} stats={stats.data} /> : null}
    </Page>
  );
}

function LanguageFigures({ language, stats }: { language: Language; stats: LanguageStats }) {
  if (stats.totalWords === 0) {
    return (
      <p>
        There are no {language.name} words to learn yet. <Link to={paths.languageAddWords(language.code)}>Add words</Link> of your own.
      </p>
    );
  }
  return (
    <>
      <PercentBar percent={stats.percentLearned} />
      <p>
        Total: <strong>{wordCount(stats.totalWords)}</strong>, {stats.learnedCount.toLocaleString('en')} learned
      </p>
      {stats.learnedCount === 0 ? <p className="hint">No words learned yet: start with Practice vocab.</p> : null}
      <div className="actions">
        <Link to={paths.languageQuiz(language.code)} className="btn btn-primary">
          Practice vocab
        </Link>
        {/* The reverse direction: the English word is shown, the foreign one is typed. */}
        <Link to={`${paths.languageQuiz(language.code)}?direction=reverse`} className="btn btn-secondary">
          Practice English → {language.name}
        </Link>
      </div>
      <p>
        Up for review: <strong>{wordCount(stats.dueCount)}</strong>
      </p>
      {stats.dueCount === 0 ? <p className="hint">Nothing is due right now: words come back here when it is time to review them.</p> : null}
      <div className="actions">
        {/* PRODUCT.md §1: every language's "Review words" goes to its own review (the original sent Italian to Spanish's). */}
        <Link to={paths.languageReview(language.code)} className="btn btn-secondary">
          Review words
        </Link>
        {/* PRODUCT.md §1: "Add words" on every language, not Italian alone. */}
        <Link to={paths.languageAddWords(language.code)} className="btn btn-secondary">
          Add words
        </Link>
        <Link to={paths.languageStats(language.code)} className="btn btn-link">
          Your progress charts
        </Link>
      </div>
    </>
  );
}
