import type { AnswerBody } from '@vocab/api';
import type { AnswerReport } from '@vocab/core';
import type { Query } from '@tanstack/react-query';
import { randomId } from './random-id';

/** Sends one answer of the quiz to the server; resolves false when it could not be saved. Never rejects. */
export type ReportAnswer = (report: AnswerReport, session: { sessionId: string }) => Promise<boolean>;

/** The API's limit on `typed`. */
const MAX_TYPED = 200;

/** The body of an answer call. Its answerId is fixed here, once, so that every retry of it is the same answer. */
export function answerBody(report: AnswerReport, sessionId: string): AnswerBody {
  return { verdict: report.verdict, typed: report.typed.slice(0, MAX_TYPED), answerId: randomId(), sessionId };
}

/**
 * Queries an answer makes stale: progress figures shown elsewhere (percent learned, due counts). Not the
 * session, and not the quiz's own word lists, which a running quiz still reads.
 */
export const isProgressQuery = (query: Query): boolean => query.queryKey[0] !== 'session' && query.queryKey[0] !== 'quiz';
