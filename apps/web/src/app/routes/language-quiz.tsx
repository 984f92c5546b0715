import { WORD_SOURCES } from '@/features/quiz/word-sources';
import { QuizPage } from './quiz-page';

/** The per-language quizzes of the original (`/spanish-quiz`, …). */
export function Component() {
  return <QuizPage source={WORD_SOURCES.languageQuiz} />;
}
