import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeWord, quizFeedback, recordAnswers, renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { forgetRuns, readRun } from '@/features/quiz/offline/quiz-runs';
import { Component } from './language-quiz';
import { fake } from '@/test/api-fakes';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ROUTES = [{ path: '/spanish-quiz', Component }];
const words = ['casa:house', 'perro:dog', 'gato:cat', 'libro:book', 'mesa:table'].map((pair, i) => {
  const [word = '', translation = ''] = pair.split(':');
  return makeWord({ _id: String(i + 1), word, translation });
});
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const prompt = () => screen.getByText(/^Translate:/).querySelector('strong')?.textContent;
/** The line under the field that names the last answer once the quiz has moved on from its verdict. */
const lastAnswer = () => document.querySelector('.quiz-last-answer')?.textContent ?? null;
const RUN_KEY = 'vocab-quiz-run:/spanish-quiz';

/** The server's next batch: the words not answered yet, as it leaves out the ones just answered. */
function serveUnanswered(answered: Set<string>) {
  server.use(
    fake('GET', '/api/{language}', { language: 'spanish' }, () =>
      HttpResponse.json(words.filter((w) => !answered.has(w._id))),
    ),
  );
}

/** A reload: the page is gone and the browser loads it again at the same address, in the same tab. */
function reload() {
  cleanup();
  const entry = { type: 'reload', name: 'http://localhost/spanish-quiz' } as PerformanceNavigationTiming;
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([entry]);
  return renderRoute('/spanish-quiz', ROUTES);
}

/** The quiz opened again by a link or a new visit, not by reloading it. */
function visitAgain() {
  cleanup();
  const entry = { type: 'navigate', name: 'http://localhost/spanish' } as PerformanceNavigationTiming;
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([entry]);
  return renderRoute('/spanish-quiz', ROUTES);
}

/** A quiz whose first word was missed, the pause over: the second word asked. */
async function missTheFirstWord() {
  serveUnanswered(new Set());
  recordAnswers();
  const { user } = renderRoute('/spanish-quiz', ROUTES);
  await user.type(await screen.findByRole('textbox'), 'zzz{Enter}');
  await wait(2000);
  expect(prompt()).toBe('perro');
}

describe('a quiz reloaded mid-way', () => {
  it('resumes at the same word with the same score and progress, and a miss still comes back', async () => {
    const answered = new Set<string>();
    serveUnanswered(answered);
    const received = recordAnswers();
    const { user } = renderRoute('/spanish-quiz', ROUTES);

    await user.type(await screen.findByRole('textbox'), 'house');
    await wait(2000);
    await user.type(screen.getByRole('textbox'), 'zzz{Enter}');
    expect(quizFeedback()).toBe('Incorrect. dog');
    // Reloaded during the pause: the answer shown counts as given.
    await waitFor(() => expect(received).toHaveLength(2));
    for (const w of words.slice(0, 2)) answered.add(w._id);

    const again = reload();
    expect(await screen.findByText('gato')).toBeInTheDocument();
    expect(screen.getByText('Score: 1')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '5');
    for (const answer of ['cat', 'book', 'table']) {
      await again.user.type(screen.getByRole('textbox'), answer);
      await wait(2000);
    }
    // The word missed before the reload comes back, its answer practice.
    expect(prompt()).toBe('perro');
    await again.user.type(screen.getByRole('textbox'), 'dog');
    await wait(2000);
    expect(screen.getByText('You got 4 / 5 correct the first time')).toBeInTheDocument();
    await waitFor(() => expect(received).toHaveLength(6));
    // One session before and after the reload: the server takes the missed word's second answer as practice.
    expect(new Set(received.map((r) => (r.body as { sessionId: string }).sessionId)).size).toBe(1);
    // Over: nothing to resume, and the next visit starts a new batch.
    expect(readRun('/spanish-quiz')).toBeNull();
    reload();
    expect(await screen.findByText('Score: 0')).toBeInTheDocument();
  });

  it(
    'names the word missed just before a reload during the pause, ' + 'with its right answer, until the next answer',
    async () => {
      serveUnanswered(new Set());
      recordAnswers();
      const { user } = renderRoute('/spanish-quiz', ROUTES);
      await user.type(await screen.findByRole('textbox'), 'house');
      await wait(2000);
      await user.type(screen.getByRole('textbox'), 'zzz{Enter}');
      expect(quizFeedback()).toBe('Incorrect. dog');

      reload();
      expect(await screen.findByText('gato')).toBeInTheDocument();
      expect(lastAnswer()).toBe('Last answer: perro → “zzz”, incorrect — right answer: dog');
      // Its answer went out with the page that sent it: there is nothing this page could take back.
      expect(screen.queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
      // Reloaded again before answering: still named.
      const again = reload();
      expect(await screen.findByText('gato')).toBeInTheDocument();
      expect(lastAnswer()).toBe('Last answer: perro → “zzz”, incorrect — right answer: dog');

      await again.user.type(screen.getByRole('textbox'), 'cat');
      await wait(2000);
      expect(prompt()).toBe('libro');
      expect(lastAnswer()).toBe('Last answer: gato → “cat”, correct');
    },
  );

  it('keeps the "Last answer" line shown after the pause through a reload', async () => {
    await missTheFirstWord();
    const shown = lastAnswer();
    expect(shown).toBe('Last answer: casa → “zzz”, incorrect — right answer: house');

    reload();
    expect(await screen.findByText('perro')).toBeInTheDocument();
    expect(lastAnswer()).toBe(shown);
  });

  it('resumes a run kept without a last answer (by an older version), naming none', async () => {
    await missTheFirstWord();
    const { lastAnswer: kept, ...older } = JSON.parse(sessionStorage.getItem(RUN_KEY) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(kept).toEqual({ itemId: '1', typed: 'zzz', verdict: 'wrong' });
    sessionStorage.setItem(RUN_KEY, JSON.stringify(older));

    reload();
    expect(await screen.findByText('perro')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect(lastAnswer()).toBeNull();
  });

  it('starts afresh once the learner changed (a run is forgotten with the offline data)', async () => {
    serveUnanswered(new Set());
    recordAnswers();
    const { user } = renderRoute('/spanish-quiz', ROUTES);
    await user.type(await screen.findByRole('textbox'), 'house');
    await wait(2000);
    expect(readRun('/spanish-quiz')?.progress).toMatchObject({ index: 1, score: 1 });
    forgetRuns();
    reload();
    expect(await screen.findByText('casa')).toBeInTheDocument();
    expect(screen.getByText('Score: 0')).toBeInTheDocument();
  });

  it(
    'starts a new batch when the quiz is reached by a link, ' +
      'not reloaded: a level or placement may have changed it',
    async () => {
      const answered = new Set<string>();
      serveUnanswered(answered);
      recordAnswers();
      const { user } = renderRoute('/spanish-quiz', ROUTES);
      await user.type(await screen.findByRole('textbox'), 'house');
      await wait(2000);
      answered.add('1');
      answered.add('2');
      visitAgain();
      expect(await screen.findByText('gato')).toBeInTheDocument();
      expect(screen.getByText('Score: 0')).toBeInTheDocument();
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    },
  );
});
