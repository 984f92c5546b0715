import { WORD_SOURCES } from '@/features/quiz/word-sources';
import { QuizPage } from './quiz-page';

/** The account's quiz of a language (SPEC.md §4 Generic quiz). */
export function Component() {
  return <QuizPage source={WORD_SOURCES.genericQuiz} />;
}
