import type { Word } from '@vocab/api';
import { type Direction, type Language, directionOf, getLanguage, isLanguageCode } from '@vocab/core';
import { useCallback, useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { RequireAccount } from '@/app/layout/require-account';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useAnswerGenericWord } from '@/features/quiz/api/answer-generic-word';
import { useCorrectAnswer } from '@/features/quiz/api/correct-answer';
import { useUnlearnedWords } from '@/features/quiz/api/get-unlearned-words';
import { useQuizSupport } from '@/features/quiz/api/get-quiz-support';
import { QuizQuery } from '@/features/quiz/components/quiz-query';
import { QuizScreen } from '@/features/quiz/components/quiz-screen';
import { directionLabel, directionTitle } from '@/features/quiz/lib/direction';
import { wordQuizProps } from '@/features/quiz/lib/word-quiz';

/** The account's quiz of a language (SPEC.md §4 Generic quiz): rounds of the missed words until none is wrong. */
export function Component() {
  const code = useParams().language ?? '';
  const named = useSearchParams()[0].get('direction');
  const language = isLanguageCode(code) && getLanguage(code).active ? getLanguage(code) : null;
  return (
    <RequireAccount>
      {language ? (
        <GenericQuiz key={`${language.code}-${named}`} language={language} direction={directionOf(named, language.code)} />
      ) : (
        <Page title="Quiz">
          <ErrorBox title="Error">This language is not offered.</ErrorBox>
        </Page>
      )}
    </RequireAccount>
  );
}

function GenericQuiz({ language, direction }: { language: Language; direction: Direction }) {
  const query = useUnlearnedWords(language.code, direction);
  const support = useQuizSupport(language.code);
  const words = query.data?.wordsLearned;
  const byId = useMemo(() => new Map((words ?? []).map((w): [string, Word] => [w._id, w])), [words]);
  const wordOf = useCallback((id: string) => byId.get(id)?.word ?? '', [byId]);
  const report = useAnswerGenericWord(language.code, direction, wordOf);
  const correct = useCorrectAnswer(language.code);
  const home = (
    <Link to={paths.genericLanguage(language.code)} className="btn btn-secondary">
      Back to {language.name}
    </Link>
  );

  return (
    <Page title={`${language.name} quiz${directionTitle(language, direction)}`}>
      <QuizQuery
        query={query}
        waiting={support.pending}
        isEmpty={(data) => data.wordsLearned.length === 0}
        empty={
          <div className="quiz-empty">
            <p>You have learned every {language.name} word we have. Well done!</p>
            <div className="actions">{home}</div>
          </div>
        }
      >
        {(data) => (
          <QuizScreen
            caption={directionLabel(language, direction)}
            {...wordQuizProps(data.wordsLearned, language, 'generic', support, direction)}
            correct={correct}
            counter="word-count"
            showResult={false}
            report={report}
            finishedActions={({ settled }) => (
              <>
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => {
                    // The next batch must not hold words whose answers are still on their way.
                    void settled().then(() => query.refetch());
                  }}
                >
                  Learn 15 more words
                </button>
                {home}
              </>
            )}
          />
        )}
      </QuizQuery>
    </Page>
  );
}
