import { WORD_SOURCES } from '@/features/quiz/word-sources';
import { QuizPage } from './quiz-page';

/** The account's words up for review in a language. */
export function Component() {
  return <QuizPage source={WORD_SOURCES.genericReview} />;
}
