import type { AnswerBody } from '@vocab/api';
import type { AnswerReport, Direction } from '@vocab/core';
import type { Query } from '@tanstack/react-query';
import { isQuizQuery, isSessionQuery } from '@/lib/query-keys';

/**
 * What names one answer to the server: its quiz session, and its own id, fixed once so every retry is the same answer.
 */
export interface AnswerIds {
  sessionId: string;
  answerId: string;
}

/**
 * Hands one answer of the quiz to the answer queue, which stores it, sends it and retries it, and says on screen what
 * it could not save (offline-banner.tsx). Resolves once the answer is in the queue; never rejects.
 */
export type ReportAnswer = (report: AnswerReport, ids: AnswerIds) => Promise<void>;

/** What the learner can do to their last answer once sent: take it back, or say it was right. */
export type AnswerCorrection = 'undo' | 'i-was-right';

/** Hands a correction of an answer to the queue, after the answer it corrects. Never rejects. */
export type CorrectAnswer = (answerId: string, correction: AnswerCorrection) => Promise<void>;

/** The API's limit on `typed`. */
const MAX_TYPED = 200;

/** The body of an answer call, naming its card, and saying when the word was asked in its sentence. */
export function answerBody(
  report: AnswerReport,
  { sessionId, answerId }: AnswerIds,
  { direction, context = false }: { direction: Direction; context?: boolean },
): AnswerBody {
  return {
    verdict: report.verdict,
    typed: report.typed.slice(0, MAX_TYPED),
    answerId,
    sessionId,
    direction,
    ...(context ? { context } : {}),
  };
}

/**
 * Queries an answer makes stale: the learner's figures shown elsewhere (percent learned, due counts). Not the
 * session, and not the quiz's own word lists, which a running quiz still reads.
 */
export const isStaleAfterAnswer = (query: Query): boolean => !isSessionQuery(query) && !isQuizQuery(query);
