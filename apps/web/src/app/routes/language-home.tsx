import type { LanguageStats } from '@vocab/api';
import { type Direction, type Language, indefiniteArticle, otherDirection, primaryDirection } from '@vocab/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { paths, withDirection } from '@/config/paths';
import { fromHome } from '@/lib/language-home';
import { useRouteLanguage } from '@/lib/use-route-language';
import { useSession } from '@/features/auth/api/get-session';
import { noVoiceText, useVoiceState } from '@/features/quiz/lib/speech';
import { useLanguageStats } from '@/features/languages/api/get-language-stats';
import { LanguageFlag } from '@/features/languages/components/language-flag';
import { DeckBands } from '@/features/languages/components/deck-bands';
import { PercentBar } from '@/features/languages/components/percent-bar';
import { wordCount } from '@/features/languages/lib/word-count';
import { useLanguageCharts } from '@/features/stats/api/get-language-charts';
import { nextReviewText } from '@/features/stats/lib/next-review';
import { PlacementOffer } from '@/features/placement/components/placement-offer';
import { Component as NotFound } from './not-found';
import './language-home.css';

/**
 * A language's home, one screen for the five languages, which it reads from the path
 * ("/italian" → Italian).
 */
export function Component() {
  const language = useRouteLanguage();
  if (!language) return <NotFound />;
  return <OwnLanguageHome key={language.code} language={language} />;
}

function OwnLanguageHome({ language }: { language: Language }) {
  return <LanguageHome language={language} routes="language" figures={useLanguageStats(language.code)} />;
}

/**
 * Which of the original's two families of routes a home links to: `/spanish` → `/spanish-quiz`,
 * `/spanish/up-for-review`;
 * `/generic/spanish` → `/quiz/generic/spanish`, `/review/generic/spanish`. Everything else is the same.
 */
export type HomeRoutes = 'language' | 'generic';

const LINKS = {
  language: {
    home: paths.language,
    practise: 'Practice vocab',
    quiz: paths.languageQuiz,
    review: paths.languageReview,
  },
  generic: {
    home: paths.genericLanguage,
    practise: 'Learn new words',
    quiz: paths.genericQuiz,
    review: paths.genericReview,
  },
} as const;

/** "Spanish → English" for a card: what is shown, then what is typed. */
const directionName = (language: Language, direction: Direction) =>
  direction === 'recognise' ? `${language.name} → English` : `English → ${language.name}`;

/**
 * The one home of a language, behind both of its routes (`/spanish` and `/generic/spanish`): the same figures and
 * the same next steps, practice in both directions, review with when the next one opens, and the link to its charts.
 * `figures` is null when the language is not among the account's.
 */
export function LanguageHome({
  language,
  routes,
  figures,
  breadcrumb = false,
}: {
  language: Language;
  routes: HomeRoutes;
  figures: UseQueryResult<LanguageStats | null>;
  breadcrumb?: boolean;
}) {
  return (
    <Page
      title={language.name}
      heading={<Heading language={language} breadcrumb={breadcrumb} />}
      className={`language-home language-home-${language.code}`}
    >
      <QueryState query={figures}>
        {(stats) =>
          stats === null ? (
            <p>
              {language.name} is not among your languages yet. <Link to={paths.addLanguage}>Add it</Link>.
            </p>
          ) : (
            <LanguageFigures language={language} stats={stats} routes={routes} />
          )
        }
      </QueryState>
    </Page>
  );
}

function LanguageFigures({
  language,
  stats,
  routes,
}: {
  language: Language;
  stats: LanguageStats;
  routes: HomeRoutes;
}) {
  const links = LINKS[routes];
  if (stats.totalWords === 0) {
    return (
      <p>
        There are no {language.name} words to learn yet.{' '}
        <Link to={paths.languageAddWords(language.code)}>Add words</Link> of your own.
      </p>
    );
  }
  const own = primaryDirection(language.code);
  const other = otherDirection(own);
  const quiz = links.quiz(language.code);
  // The pages this home opens lead "Back to …" here, not to the language's other home.
  const back = fromHome(links.home(language.code));
  return (
    <>
      <div className="home-overview side-by-side">
        <section className="card home-progress" aria-label="Your progress">
          <PercentBar percent={stats.percentLearned} learned={stats.learnedCount} />
          <p>
            Total: <strong>{wordCount(stats.totalWords)}</strong>, {stats.learnedCount.toLocaleString('en')} learned
          </p>
          {stats.learnedCount === 0 ? <p className="hint">No words learned yet: start with {links.practise}.</p> : null}
        </section>
        <PlacementOffer language={language} stats={stats} />
      </div>
      {/* Practice before the deck's levels, at every width: the levels are a long list to scroll past. */}
      <ul className="next-steps">
        <li className="card step">
          <h2>New words</h2>
          <p>{directionName(language, own)}, the most common words first.</p>
          <Link to={withDirection(quiz, language.code, own)} state={back} className="btn btn-primary">
            {links.practise}
          </Link>
        </li>
        <li className="card step">
          <h2>Review</h2>
          <p>
            Up for review: <strong>{wordCount(stats.dueCount)}</strong>
          </p>
          {stats.dueCount === 0 ? <NothingDue language={language} /> : null}
          {/* Every language's "Review words" goes to its own review (the original sent Italian to Spanish's). */}
          <Link
            to={links.review(language.code)}
            state={back}
            className={`btn ${stats.dueCount > 0 ? 'btn-primary' : 'btn-secondary'}`}
          >
            Review words
          </Link>
        </li>
        <li className="card step">
          <h2>The other way round</h2>
          <p>
            {other === 'recall'
              ? `See the English, type the ${language.name}.`
              : `See the ${language.name}, type the English.`}
          </p>
          <Link to={withDirection(quiz, language.code, other)} state={back} className="btn btn-secondary">
            Practice {directionName(language, other)}
          </Link>
        </li>
        <li className="card step">
          <h2>In context</h2>
          <p>
            Read {indefiniteArticle(language.name)} {language.name} sentence with a word left out, and its English; type
            the missing word.
          </p>
          <Link to={paths.languageContext(language.code)} state={back} className="btn btn-secondary">
            Practice in context
          </Link>
        </li>
        <li className="card step">
          <h2>Listen and type</h2>
          <p>
            Hear {indefiniteArticle(language.name)} {language.name} word and type it.
          </p>
          <ListenLink language={language} back={back} />
        </li>
      </ul>
      <DeckBands language={language} />
      <div className="actions">
        {/* "Add words" on every language, not Italian alone as in the original. */}
        <Link to={paths.languageAddWords(language.code)} state={back} className="btn btn-secondary">
          Add words
        </Link>
        <Link to={paths.languageStats(language.code)} state={back} className="btn btn-secondary">
          Your progress charts
        </Link>
      </div>
      <OtherHome language={language} routes={routes} />
    </>
  );
}

/**
 * A language has two homes, the same screen: the one every learner reaches from the landing page and the one in the
 * account's "Your languages". Each names the other plainly, so that a learner who meets both knows they are one.
 */
function OtherHome({ language, routes }: { language: Language; routes: HomeRoutes }) {
  const signedIn = Boolean(useSession().data);
  if (routes === 'generic') {
    return (
      <p className="hint other-home">
        This is {language.name} in Your languages. The same words and progress are on the{' '}
        <Link to={paths.language(language.code)}>{language.name} page</Link>.
      </p>
    );
  }
  return signedIn ? (
    <p className="hint other-home">
      The same words and progress are in{' '}
      <Link to={paths.genericLanguage(language.code)}>Your languages: {language.name}</Link>.
    </p>
  ) : null;
}

/**
 * "Practice listening" where the browser can say the language's words; where it has no voice for it, the plain reason
 * instead of a button that would lead to a page saying the same (the voices may take a moment to arrive).
 */
function ListenLink({ language, back }: { language: Language; back: ReturnType<typeof fromHome> }) {
  const { voice, settled } = useVoiceState(language.locale);
  if (voice) {
    return (
      <Link to={paths.languageListen(language.code)} state={back} className="btn btn-secondary">
        Practice listening
      </Link>
    );
  }
  return settled ? <p className="hint">{noVoiceText(language.name)}</p> : null;
}

/** Nothing due: says when the next review opens (a word answered today may come back within minutes). */
function NothingDue({ language }: { language: Language }) {
  const charts = useLanguageCharts(language.code);
  const [now] = useState(Date.now);
  const when = charts.data ? nextReviewText(charts.data.nextDueAt, now) : null;
  return (
    <p className="hint">
      Nothing is due right now: words come back here when it is time to review them.
      {when ? <> The next review opens {when}.</> : null}
    </p>
  );
}

function Heading({ language, breadcrumb }: { language: Language; breadcrumb: boolean }) {
  return (
    <>
      {/* The breadcrumb leads to the page's heading, as it sits above it. */}
      {breadcrumb ? (
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            <li>
              <Link to={paths.userHome}>Your languages</Link>
            </li>
            <li aria-current="page">{language.name}</li>
          </ol>
        </nav>
      ) : null}
      <h1 className="language-heading">
        <LanguageFlag code={language.code} />
        {language.name}
      </h1>
    </>
  );
}
