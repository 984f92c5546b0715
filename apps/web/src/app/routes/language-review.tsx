import { type Direction, type Language, directionOf, getLanguage, isLanguageCode } from '@vocab/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useAnswerLanguageWord } from '@/features/quiz/api/answer-language-word';
import { useCorrectAnswer } from '@/features/quiz/api/correct-answer';
import { useLanguageReview } from '@/features/quiz/api/get-language-review';
import { useQuizSupport } from '@/features/quiz/api/get-quiz-support';
import { QuizQuery } from '@/features/quiz/components/quiz-query';
import { QuizScreen } from '@/features/quiz/components/quiz-screen';
import { directionLabel, directionTitle } from '@/features/quiz/lib/direction';
import { wordQuizProps } from '@/features/quiz/lib/word-quiz';

/** "/italian/up-for-review" → Italian; null for anything else. */
function languageOfPath(pathname: string): Language | null {
  const code = /^\/([a-z]+)\/up-for-review\/?$/.exec(pathname)?.[1] ?? '';
  return isLanguageCode(code) && getLanguage(code).active ? getLanguage(code) : null;
}

/**
 * A language's due words (SPEC.md §4 Review): the foreign word is shown, its English typed; with
 * `?direction=reverse`, the due words of the other card, English shown and the foreign word typed.
 */
export function Component() {
  const { pathname } = useLocation();
  const named = useSearchParams()[0].get('direction');
  const language = languageOfPath(pathname);
  if (!language) {
    return (
      <Page title="Up for review">
        <ErrorBox title="Error">This language is not offered.</ErrorBox>
      </Page>
    );
  }
  return <LanguageReview key={`${language.code}-${named}`} language={language} direction={directionOf(named, language.code)} />;
}

function LanguageReview({ language, direction }: { language: Language; direction: Direction }) {
  const query = useLanguageReview(language.code, direction);
  const support = useQuizSupport(language.code);
  const report = useAnswerLanguageWord(language.code, direction);
  const correct = useCorrectAnswer(language.code);
  const home = (
    <Link to={paths.language(language.code)} className="btn btn-secondary">
      Back to {language.name}
    </Link>
  );

  return (
    <Page title={`${language.name}: up for review${directionTitle(language, direction)}`}>
      <QuizQuery
        query={query}
        waiting={support.pending}
        isEmpty={(words) => words.length === 0}
        empty={
          <div className="quiz-empty">
            <p>No words to translate at this time</p>
            <div className="actions">{home}</div>
          </div>
        }
      >
        {(words) => (
          <QuizScreen
            caption={directionLabel(language, direction)}
            {...wordQuizProps(words, language, 'review', support, direction)}
            counter="count"
            report={report}
            correct={correct}
            finishedActions={() => home}
          />
        )}
      </QuizQuery>
    </Page>
  );
}
