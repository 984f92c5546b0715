import { type Language, getLanguage, isLanguageCode } from '@vocab/core';
import { Link, useLocation } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useAnswerLanguageWord } from '@/features/quiz/api/answer-language-word';
import { useLanguageReview } from '@/features/quiz/api/get-language-review';
import { useQuizSupport } from '@/features/quiz/api/get-quiz-support';
import { QuizQuery } from '@/features/quiz/components/quiz-query';
import { QuizScreen } from '@/features/quiz/components/quiz-screen';
import { wordQuizProps } from '@/features/quiz/lib/word-quiz';

/** "/italian/up-for-review" → Italian; null for anything else. */
function languageOfPath(pathname: string): Language | null {
  const code = /^\/([a-z]+)\/up-for-review\/?$/.exec(pathname)?.[1] ?? '';
  return isLanguageCode(code) && getLanguage(code).active ? getLanguage(code) : null;
}

/** A language's due words (SPEC.md §4 Review): the foreign word is shown, its English typed. */
export function Component() {
  const { pathname } = useLocation();
  const language = languageOfPath(pathname);
  if (!language) {
    return (
      <Page title="Up for review">
        <ErrorBox title="Error">This language is not offered.</ErrorBox>
      </Page>
    );
  }
  return <LanguageReview key={language.code} language={language} />;
}

function LanguageReview({ language }: { language: Language }) {
  const query = useLanguageReview(language.code);
  const support = useQuizSupport(language.code);
  const report = useAnswerLanguageWord(language.code);
  const home = (
    <Link to={paths.language(language.code)} className="btn btn-secondary">
      Back to {language.name}
    </Link>
  );

  return (
    <Page title={`${language.name}: up for review`}>
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
            {...wordQuizProps(words, language, 'review', support)}
            counter="count"
            report={report}
            finishedActions={() => home}
          />
        )}
      </QuizQuery>
    </Page>
  );
}
