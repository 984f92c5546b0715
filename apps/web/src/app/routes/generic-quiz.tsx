import { WORD_SOURCES } from '@/features/quiz/word-sources';
import { QuizPage } from './quiz-page';

/** The account's quiz of a language: rounds of the missed words until none is wrong. */
export function Component() {
  return <QuizPage source={WORD_SOURCES.genericQuiz} />;
}
