import type { AnswerReport, QuizItem } from '@vocab/core';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useQuiz } from './use-quiz';

const ITEMS: QuizItem[] = [
  { id: 'a', prompt: 'house', key: { accepted: ['casa'], locale: 'es-ES' } },
  { id: 'b', prompt: 'dog', key: { accepted: ['perro'], locale: 'es-ES' } },
];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useQuiz', () => {
  it('advances after the engine delay, and sends each answer once with the session id', async () => {
    const sent: { report: AnswerReport; sessionId: string }[] = [];
    const report = vi.fn((r: AnswerReport, session: { sessionId: string }) => {
      sent.push({ report: r, sessionId: session.sessionId });
      return Promise.resolve();
    });
    const { result } = renderHook(() => useQuiz({ mode: 'classic', items: ITEMS, report }));

    act(() => result.current.setInput('casa'));
    expect(result.current.state.feedback?.verdict).toBe('correct');
    expect(result.current.state.outbox).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.report).toMatchObject({ itemId: 'a', verdict: 'correct', typed: 'casa', firstAttempt: true });
    expect(sent[0]?.sessionId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(result.current.state.index).toBe(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.state.index).toBe(1);
    expect(result.current.state.score).toBe(1);
    await act(() => result.current.settled());
  });

  it('clears its timer when unmounted', () => {
    const { result, unmount } = renderHook(() => useQuiz({ mode: 'classic', items: ITEMS }));
    act(() => result.current.setInput('casa'));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('queues an undo after the answer it takes back, and settles once both are queued', async () => {
    const queued: string[] = [];
    let answerQueued: () => void = () => undefined;
    const report = () => new Promise<void>((resolve) => (answerQueued = () => (queued.push('answer'), resolve())));
    const correct = (_answerId: string, correction: string) => (queued.push(correction), Promise.resolve());
    const { result } = renderHook(() => useQuiz({ mode: 'classic', items: ITEMS, report, correct }));
    act(() => result.current.setInput('casa'));
    act(() => result.current.undo?.());
    expect(queued).toEqual([]);
    answerQueued();
    await act(() => result.current.settled());
    await act(() => result.current.settled());
    expect(queued).toEqual(['answer', 'undo']);
  });
});
