import { type Direction, type Language, directionOf, getLanguage, isLanguageCode, languageQuizMode } from '@vocab/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useAnswerLanguageWord } from '@/features/quiz/api/answer-language-word';
import { useCorrectAnswer } from '@/features/quiz/api/correct-answer';
import { useLanguageWords } from '@/features/quiz/api/get-language-words';
import { useQuizSupport } from '@/features/quiz/api/get-quiz-support';
import { QuizQuery } from '@/features/quiz/components/quiz-query';
import { QuizScreen } from '@/features/quiz/components/quiz-screen';
import { directionLabel, directionTitle, pageDirectionQuery } from '@/features/quiz/lib/direction';
import { wordQuizProps } from '@/features/quiz/lib/word-quiz';

/** "/spanish-quiz" → the Spanish language; null for anything else. */
function languageOfPath(pathname: string): Language | null {
  const code = /^\/([a-z]+)-quiz\/?$/.exec(pathname)?.[1] ?? '';
  return isLanguageCode(code) && getLanguage(code).active ? getLanguage(code) : null;
}

/**
 * The per-language quizzes (SPEC.md §4): one screen, the mode and direction set by the language;
 * `?direction=reverse` practises the word's other card, English → the foreign word.
 */
export function Component() {
  const { pathname } = useLocation();
  const named = useSearchParams()[0].get('direction');
  const language = languageOfPath(pathname);
  if (!language) {
    return (
      <Page title="Quiz">
        <ErrorBox title="Error">This language is not offered.</ErrorBox>
      </Page>
    );
  }
  return <LanguageQuiz key={`${language.code}-${named}`} language={language} direction={directionOf(named, language.code)} />;
}

function LanguageQuiz({ language, direction }: { language: Language; direction: Direction }) {
  const query = useLanguageWords(language.code, direction);
  const support = useQuizSupport(language.code);
  const report = useAnswerLanguageWord(language.code, direction);
  const correct = useCorrectAnswer(language.code);
  const mode = languageQuizMode(language.code);
  const home = (
    <Link to={paths.language(language.code)} className="btn btn-secondary">
      Back to {language.name}
    </Link>
  );

  return (
    <Page title={`${language.name} quiz${directionTitle(language, direction)}`}>
      <QuizQuery
        query={query}
        waiting={support.pending}
        isEmpty={(words) => words.length === 0}
        empty={
          <div className="quiz-empty">
            <p>You have learned every {language.name} word we have. Well done!</p>
            <p>Keep them fresh with the words up for review.</p>
            <div className="actions">
              <Link to={`${paths.languageReview(language.code)}${pageDirectionQuery(language, direction)}`} className="btn btn-primary">
                Review words
              </Link>
              {home}
            </div>
          </div>
        }
      >
        {(words) => (
          <QuizScreen
            caption={directionLabel(language, direction)}
            {...wordQuizProps(words, language, mode, support, direction)}
            counter="progress"
            report={report}
            correct={correct}
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
                  Practice more
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
