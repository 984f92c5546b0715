import { type Direction, type Language, directionOf } from '@vocab/core';
import { Link, useSearchParams } from 'react-router';
import { RequireAccount } from '@/app/layout/require-account';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/api/get-session';
import { useQuizSupport } from '@/features/quiz/api/get-quiz-support';
import { OfflineBanner } from '@/features/quiz/components/offline-banner';
import { QuizQuery } from '@/features/quiz/components/quiz-query';
import { QuizScreen } from '@/features/quiz/components/quiz-screen';
import { directionLabel, directionTitle, pageDirectionQuery } from '@/features/quiz/lib/direction';
import { wordQuizProps } from '@/features/quiz/lib/word-quiz';
import { useQueueIdle, useQueuedCorrection } from '@/features/quiz/offline/offline-context';
import { useQuizRun } from '@/features/quiz/offline/quiz-runs';
import type { WordSource } from '@/features/quiz/word-sources';
import { fromHome, useLanguageHome } from '@/lib/language-home';
import { useRouteLanguage } from '@/lib/use-route-language';
import { Component as NotFound } from './not-found';

/** A review stops for a break every so many answers: it can hold far more words than a quiz's batch. */
const REVIEW_BREAK_EVERY = 20;

/**
 * Every word quiz of the app, configured by where its words come from (features/quiz/word-sources.ts): the
 * language of the route, the card named in `?direction=` (the language's own card when absent), the account check
 * of the generic pages.
 */
export function QuizPage({ source }: { source: WordSource }) {
  const language = useRouteLanguage();
  const named = useSearchParams()[0].get('direction');
  // An unknown language is the one not-found page of every per-language page, with its way to the languages offered.
  if (!language) return <NotFound />;
  const page = (
    <WordQuiz
      key={`${language.code}-${named}`}
      source={source}
      language={language}
      direction={source.direction ?? directionOf(named, language.code)}
    />
  );
  return source.scope === 'account' ? <RequireAccount>{page}</RequireAccount> : page;
}

function WordQuiz({ source, language, direction }: { source: WordSource; language: Language; direction: Direction }) {
  const query = source.useWords(language, direction);
  const support = useQuizSupport(language.code);
  // A quiz reloaded mid-way resumes with its own words, where it was.
  const run = useQuizRun();
  const report = source.useReport(language, direction, run.resumed?.words ?? query.data);
  const correct = useQueuedCorrection(language.code);
  const queueIdle = useQueueIdle();
  const homePath = useLanguageHome(
    language.code,
    source.scope === 'account' ? paths.genericLanguage(language.code) : paths.language(language.code),
  );
  const reviewPath =
    source.scope === 'account' ? paths.genericReview(language.code) : paths.languageReview(language.code);
  const home = (
    <Link to={homePath} className="btn btn-secondary">
      Back to {language.name}
    </Link>
  );
  const { more } = source;
  const stopHere = (
    <Link to={homePath} className="btn btn-secondary">
      Stop here
    </Link>
  );
  const quizPath = source.scope === 'account' ? paths.genericQuiz(language.code) : paths.languageQuiz(language.code);
  // After a review, the next step is the language's new words.
  const learn =
    source.kind === 'review' ? (
      <Link
        to={`${quizPath}${pageDirectionQuery(language, direction)}`}
        state={fromHome(homePath)}
        className="btn btn-primary"
      >
        Learn new words
      </Link>
    ) : null;

  return (
    <Page title={`${source.title(language)}${source.direction ? '' : directionTitle(language, direction)}`}>
      <OfflineBanner />
      <QuizQuery
        query={query}
        resumed={run.resumed?.words}
        waiting={support.pending}
        isEmpty={(words) => words.length === 0}
        empty={
          <div className="quiz-empty">
            <p>{source.empty(language)}</p>
            {source.kind === 'learn' ? <p>Keep them fresh with the words up for review.</p> : null}
            <div className="actions">
              {source.kind === 'learn' ? (
                <Link
                  to={`${reviewPath}${pageDirectionQuery(language, direction)}`}
                  state={fromHome(homePath)}
                  className="btn btn-primary"
                >
                  Review words
                </Link>
              ) : null}
              {home}
            </div>
          </div>
        }
      >
        {(words) => (
          // A new batch is a new quiz, even when it arrives too fast for "Loading..." to show in between.
          <QuizScreen
            key={run.resumed ? 'resumed' : query.dataUpdatedAt}
            run={run.runOf(words)}
            caption={source.caption?.(language) ?? directionLabel(language, direction)}
            {...wordQuizProps(words, { language, mode: source.mode(language), support, direction })}
            counter={source.counter}
            finishedNote={<KeepProgress />}
            report={report}
            correct={correct}
            {...(source.kind === 'review' ? { breaks: { every: REVIEW_BREAK_EVERY, stop: stopHere } } : {})}
            finishedActions={({ settled }) => (
              <>
                {more ? (
                  <button
                    type="button"
                    className="btn btn-primary"
                    onClick={() => {
                      // The next batch must not hold words whose answers are still on their way: they are sent first
                      // if they can be; offline, the next batch leaves out the words answered (offline/day-words.ts).
                      void settled()
                        .then(queueIdle)
                        .then(() => {
                          run.startAfresh();
                          return query.refetch();
                        });
                    }}
                  >
                    {more}
                  </button>
                ) : null}
                {learn}
                {home}
              </>
            )}
          />
        )}
      </QuizQuery>
    </Page>
  );
}

/**
 * A visitor's progress lives with a guest session in this browser: at the end of a quiz, a quiet line says how to keep
 * it. A learner who is logged in (or whose session is not known yet) sees nothing.
 */
function KeepProgress() {
  const session = useSession();
  if (!session.isSuccess || session.data) return null;
  return (
    <p className="hint quiz-keep-progress">
      <Link to={paths.signup}>Sign up</Link> to keep your progress on any device: the words you practised here come with
      you.
    </p>
  );
}
