import { WORD_SOURCES } from '@/features/quiz/word-sources';
import { QuizPage } from './quiz-page';

/** The per-language quizzes of SPEC.md §4 (`/spanish-quiz`, …). */
export function Component() {
  return <QuizPage source={WORD_SOURCES.languageQuiz} />;
}
