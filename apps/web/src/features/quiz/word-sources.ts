import type { Word } from '@vocab/api';
import { type Direction, type Language, type QuizMode, languageQuizMode } from '@vocab/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useAnswerGenericWord } from './api/answer-generic-word';
import { useAnswerLanguageWord } from './api/answer-language-word';
import { genericReviewQueryOptions } from './api/get-generic-review';
import { languageReviewQueryOptions } from './api/get-language-review';
import { languageWordsQueryOptions } from './api/get-language-words';
import { unlearnedWordsQueryOptions } from './api/get-unlearned-words';
import type { QuizCounter } from './components/quiz-screen';
import type { ReportAnswer } from './lib/answer-report';

/**
 * Where a quiz page's words come from and where its answers go: the one thing the four word quizzes of SPEC.md
 * (a language's quiz and review, the account's generic quiz and review) differ in, besides their words.
 */
export interface WordSource {
  /** New words to learn (SPEC's quizzes), or the words due (the reviews). */
  kind: 'learn' | 'review';
  /** The account's pages (the generic ones), or every learner's (the per-language ones, guests included). */
  scope: 'language' | 'account';
  mode: (language: Language) => QuizMode;
  counter: QuizCounter;
  /** Show "You got X / N correct" at the end; the generic quiz, which repeats until all are right, does not. */
  showResult: boolean;
  title: (language: Language) => string;
  /** What an empty list says (SPEC.md's texts). */
  empty: (language: Language) => string;
  /** The button under "Quiz over" that asks for the next batch; none for a review. */
  more?: string;
  useWords: (language: Language, direction: Direction) => UseQueryResult<Word[]>;
  useReport: (language: Language, direction: Direction, words: readonly Word[] | undefined) => ReportAnswer;
}

/** The generic calls carry the foreign word of the item answered (SPEC.md §7): looked up in the quiz's words. */
function useGenericReport(language: Language, direction: Direction, words: readonly Word[] | undefined): ReportAnswer {
  const byId = useMemo(() => new Map((words ?? []).map((w): [string, Word] => [w._id, w])), [words]);
  const wordOf = useCallback((id: string) => byId.get(id)?.word ?? '', [byId]);
  return useAnswerGenericWord(language.code, direction, wordOf);
}

const useLanguageReport = (language: Language, direction: Direction): ReportAnswer => useAnswerLanguageWord(language.code, direction);

export const WORD_SOURCES = {
  /** `/spanish-quiz`, `/french-quiz`, …: the language's next batch of new words (SPEC.md §4). */
  languageQuiz: {
    kind: 'learn',
    scope: 'language',
    mode: (language) => languageQuizMode(language.code),
    counter: 'progress',
    showResult: true,
    title: (language) => `${language.name} quiz`,
    empty: (language) => `You have learned every ${language.name} word we have. Well done!`,
    more: 'Practice more',
    useWords: (language, direction) => useQuery(languageWordsQueryOptions(language.code, direction)),
    useReport: useLanguageReport,
  },
  /** `/spanish/up-for-review`, …: the language's due words. */
  languageReview: {
    kind: 'review',
    scope: 'language',
    mode: () => 'review',
    counter: 'count',
    showResult: true,
    title: (language) => `${language.name}: up for review`,
    empty: () => 'No words to translate at this time',
    useWords: (language, direction) => useQuery(languageReviewQueryOptions(language.code, direction)),
    useReport: useLanguageReport,
  },
  /** `/quiz/generic/:language`: the account's quiz, rounds of the missed words until none is wrong. */
  genericQuiz: {
    kind: 'learn',
    scope: 'account',
    mode: () => 'generic',
    counter: 'word-count',
    showResult: false,
    title: (language) => `${language.name} quiz`,
    empty: (language) => `You have learned every ${language.name} word we have. Well done!`,
    more: 'Learn 15 more words',
    useWords: (language, direction) => useQuery({ ...unlearnedWordsQueryOptions(language.code, direction), select: (data) => data.wordsLearned }),
    useReport: useGenericReport,
  },
  /** `/review/generic/:language`: the account's due words. */
  genericReview: {
    kind: 'review',
    scope: 'account',
    mode: () => 'review',
    counter: 'count',
    showResult: true,
    title: (language) => `Review ${language.name} words`,
    empty: () => 'No words to review at this time',
    useWords: (language, direction) => useQuery(genericReviewQueryOptions(language.code, direction)),
    useReport: useGenericReport,
  },
} as const satisfies Record<string, WordSource>;
