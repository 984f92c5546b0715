import { WORD_SOURCES } from '@/features/quiz/word-sources';
import { QuizPage } from './quiz-page';

/** A language's words up for review. */
export function Component() {
  return <QuizPage source={WORD_SOURCES.languageReview} />;
}
