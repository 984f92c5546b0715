import type { Word } from '@vocab/api';
import {
  CONTEXT_DIRECTION,
  type Direction,
  LISTEN_DIRECTION,
  type Language,
  type QuizMode,
  exampleSentence,
  languageQuizMode,
} from '@vocab/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { languageReviewQueryOptions } from './api/get-language-review';
import { batchParams, languageWordsQueryOptions } from './api/get-language-words';
import type { QuizCounter } from './components/quiz-screen';
import type { ReportAnswer } from './lib/answer-report';
import { useDayWords, useQueuedAnswer } from './offline/offline-context';
import { queryKey } from '@/lib/query-keys';

/**
 * Where a quiz page's words come from and where its answers go: the one thing the four word quizzes of the original app
 * (a language's quiz and review, the account's generic quiz and review) differ in, besides their words.
 */
export interface WordSource {
  /** New words to learn (the original's quizzes), or the words due (the reviews). */
  kind: 'learn' | 'review';
  /** The account's pages (the generic ones), or every learner's (the per-language ones, guests included). */
  scope: 'language' | 'account';
  mode: (language: Language) => QuizMode;
  counter: QuizCounter;
  title: (language: Language) => string;
  /** What an empty list says (the original's texts). */
  empty: (language: Language) => string;
  /** The button under "Quiz over" that asks for the next batch; none for a review. */
  more?: string;
  useWords: (language: Language, direction: Direction) => UseQueryResult<Word[]>;
  useReport: (language: Language, direction: Direction, words: readonly Word[] | undefined) => ReportAnswer;
  /** The card every answer reviews, whatever the URL says; absent, the page's `?direction=` or the language's own. */
  direction?: Direction;
  /** What the quiz asks, above it; absent, the card's direction ("English → Spanish"). */
  caption?: (language: Language) => string;
}

/**
 * Every quiz and review works offline: answers go through the queue, words come from those kept for the day. The
 * account's pages use the same calls as a language's: the original's generic calls (answer-word, words/unlearned, the
 * account's for-review) reach the same service with the same learner, and stay served for the original client.
 */
const useQueuedReport = (language: Language, direction: Direction, words: readonly Word[] | undefined): ReportAnswer =>
  useQueuedAnswer({ language: language.code, direction, words });

// networkMode 'always': offline, the query still runs, and its function answers from the words kept.
function useLanguageBatch(language: Language, direction: Direction): UseQueryResult<Word[]> {
  const days = useDayWords();
  return useQuery({
    ...languageWordsQueryOptions(language.code, direction),
    queryFn: () => days.batch(language.code, direction),
    networkMode: 'always',
  });
}

const hasSentence = (word: Word): boolean => exampleSentence(word.example, word.exampleTranslation) !== null;

// The card's next words that have a sentence, from the same batch call and the same words kept for offline use.
function useContextBatch(language: Language, direction: Direction): UseQueryResult<Word[]> {
  const days = useDayWords();
  // Read once, like every quiz's batch (get-language-words.ts): never refetched under a running quiz.
  return useQuery({
    queryKey: queryKey('/api/{language}', batchParams(language.code, direction), 'with-sentence'),
    queryFn: () => days.batch(language.code, direction, hasSentence),
    staleTime: Infinity,
    gcTime: 0,
    networkMode: 'always',
  });
}

const useContextReport = (language: Language, direction: Direction, words: readonly Word[] | undefined): ReportAnswer =>
  useQueuedAnswer({ language: language.code, direction, words, context: true });

function useLanguageReview(language: Language, direction: Direction): UseQueryResult<Word[]> {
  const days = useDayWords();
  return useQuery({
    ...languageReviewQueryOptions(language.code, direction),
    queryFn: () => days.review(language.code, direction),
    networkMode: 'always',
  });
}

/** `/spanish-quiz`, `/french-quiz`, …: the language's next batch of new words. */
const languageQuiz = {
  kind: 'learn',
  scope: 'language',
  mode: (language) => languageQuizMode(language.code),
  counter: 'progress',
  title: (language) => `${language.name} quiz`,
  empty: (language) => `You have learned every ${language.name} word we have. Well done!`,
  more: 'Practice more',
  useWords: useLanguageBatch,
  useReport: useQueuedReport,
} as const satisfies WordSource;

/** `/spanish/up-for-review`, …: the language's due words. */
const languageReview = {
  kind: 'review',
  scope: 'language',
  mode: () => 'review',
  counter: 'count',
  title: (language) => `${language.name}: up for review`,
  empty: () => 'No words to translate at this time',
  useWords: useLanguageReview,
  useReport: useQueuedReport,
} as const satisfies WordSource;

export const WORD_SOURCES = {
  languageQuiz,
  languageReview,
  /**
   * `/context/:language`: the next words of the recall card, each in its sentence with the word left blank
   * (docs/decisions/0014-words-in-context.md).
   */
  languageContext: {
    ...languageQuiz,
    mode: () => 'context',
    title: (language) => `${language.name} in context`,
    empty: (language) => `None of your next ${language.name} words has a sentence yet: practise them in the quiz.`,
    useWords: useContextBatch,
    useReport: useContextReport,
    direction: CONTEXT_DIRECTION,
  },
  /**
   * `/listen/:language`: the recall card's next words, each said aloud and typed as heard
   * (docs/decisions/0016-listen-and-type.md). The page opens only where the browser has a voice for the language.
   */
  languageListen: {
    ...languageQuiz,
    mode: () => 'listen',
    title: (language) => `${language.name}: listen and type`,
    direction: LISTEN_DIRECTION,
    caption: (language) => `Spoken ${language.name} → written`,
  },
  /** `/quiz/generic/:language`: the account's quiz, rounds of the missed words until none is wrong. */
  genericQuiz: {
    ...languageQuiz,
    scope: 'account',
    mode: () => 'generic',
    counter: 'word-count',
    more: 'Learn 15 more words',
  },
  /** `/review/generic/:language`: the account's due words. */
  genericReview: {
    ...languageReview,
    scope: 'account',
    title: (language) => `Review ${language.name} words`,
    empty: () => 'No words to review at this time',
  },
} as const satisfies Record<string, WordSource>;
