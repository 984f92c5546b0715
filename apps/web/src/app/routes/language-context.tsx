import { WORD_SOURCES } from '@/features/quiz/word-sources';
import { QuizPage } from './quiz-page';

/** `/context/<language>`: the language's words asked in their sentences, the word left blank. */
export function Component() {
  return <QuizPage source={WORD_SOURCES.languageContext} />;
}
