import type { Query } from '@tanstack/react-query';
import type { Direction, LanguageCode } from '@vocab/core';

/**
 * Every query key of the app, in one place: features read and invalidate each other's data through these, never
 * through a key written out as a string.
 */
export const queryKeys = {
  session: ['session'] as const,
  settings: ['settings'] as const,
  summary: ['summary'] as const,
  languages: ['languages'] as const,
  secretWords: ['secret', 'words'] as const,
  lexicon: (language: LanguageCode) => ['lexicon', language] as const,
  progress: (language: LanguageCode) => ['progress', language] as const,
  memoryModel: (language: LanguageCode) => ['memory-model', language] as const,
  languageStats: (language: LanguageCode) => ['language-stats', language] as const,
  placement: (language: LanguageCode) => ['placement', language] as const,
  userLanguages: (userId: string) => ['user-languages', userId] as const,
  userLanguage: (userId: string, language: LanguageCode) => ['user-languages', userId, language] as const,
  /** A running quiz's word lists: read once, never refetched behind the quiz's back. */
  quiz: {
    words: (language: LanguageCode, direction: Direction) => ['quiz', 'words', language, direction] as const,
    review: (language: LanguageCode, direction: Direction) => ['quiz', 'review', language, direction] as const,
    /** The "in context" quiz's batch: the card's next words that have a sentence. */
    context: (language: LanguageCode) => ['quiz', 'context', language] as const,
  },
};

/** Who is logged in: kept when the rest of the cache is dropped at login, signup or logout. */
export const isSessionQuery = (query: Query): boolean => query.queryKey[0] === queryKeys.session[0];

/** A quiz's own word list (see `queryKeys.quiz`). */
export const isQuizQuery = (query: Query): boolean => query.queryKey[0] === 'quiz';
