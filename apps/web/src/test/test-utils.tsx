/**
 * Test helpers for every screen: the real router, query client and fetch, with the network
 * faked at the HTTP layer by MSW.
 */
import { DEFAULT_DESIRED_RETENTION } from '@vocab/core';
import type { Settings, Word } from '@vocab/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { OfflineProvider } from '@/features/quiz/offline/offline-context';
import { apiError, fake } from './api-fakes';

/**
 * What every screen asks besides its own data: default settings, an empty lexicon, no placement result, unless a test
 * says otherwise.
 */
export const defaultSettings: Settings = {
  strictAccents: false,
  desiredRetention: DEFAULT_DESIRED_RETENTION,
  dailyGoal: 20,
  autoSpeak: false,
  theme: 'system',
};
export const server = setupServer(
  // A visitor, unless a test logs in (the end of a quiz asks who is there).
  fake('GET', '/api/auth/session', () => ({ user: null })),
  fake('GET', '/api/settings', () => defaultSettings),
  fake('GET', '/api/{language}/lexicon', () => ({ entries: [] })),
  // A language home asks for the last placement result: none, unless a test says otherwise.
  fake('GET', '/api/{language}/placement', () => ({ result: null })),
  // And the deck's bands: a deck of one band, which the home does not show, unless a test says otherwise.
  fake('GET', '/api/{language}/bands', () => ({
    deckSize: 40,
    bandSize: 500,
    startRank: 1,
    bands: [{ first: 1, last: 40, words: 40, learned: 0 }],
  })),
);

/** Shows where a link or redirect went, for routes outside the one under test. */
function Elsewhere() {
  const location = useLocation();
  return <p>Now at {location.pathname + location.search}</p>;
}

export interface TestRoute {
  path: string;
  Component: ComponentType;
}

/**
 * Renders `routes` in a memory router at `url` (with the state a link gave, if any), with a fresh query client that
 * does not retry and a fresh answer queue.
 */
export function renderRoute(url: string | { pathname: string; state: unknown }, routes: TestRoute[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([...routes, { path: '*', Component: Elsewhere }], { initialEntries: [url] });
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <OfflineProvider>
        <RouterProvider router={router} />
      </OfflineProvider>
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient };
}

/** A deck word with its learner fields filled in. */
export function makeWord(fields: Pick<Word, '_id' | 'word' | 'translation'> & Partial<Word>): Word {
  return {
    translations: fields.translation.split(';').map((t) => t.trim()),
    answeredCorrectly: false,
    article: '',
    pos: 'noun',
    note: '',
    hint: '',
    rank: Number(fields._id),
    own: false,
    due: null,
    ...fields,
  };
}

/** A request the fake server received. */
export interface Received {
  method: string;
  url: URL;
  body: unknown;
}

type AnswerPath =
  | '/api/{language}/{id}'
  | '/api/users/languages/{language}/quiz/answer-word/'
  | '/api/users/languages/{language}/quiz/answer-word-incorrectly';
type CorrectionPath = '/api/{language}/answers/{answerId}/undo' | '/api/{language}/answers/{answerId}/i-was-right';

/** Answers every call of `paths` with `status(call)` (a saved answer's body at 200), and records it in `received`. */
function recordCalls(
  method: 'PATCH' | 'POST',
  paths: ReadonlyArray<AnswerPath | CorrectionPath>,
  status: (call: number) => number,
): Received[] {
  const received: Received[] = [];
  const answer = ({ request, body }: { request: Request; body: unknown }) => {
    received.push({ method: request.method, url: new URL(request.url), body: body ?? undefined });
    const code = status(received.length);
    if (code !== 200) return apiError(code, 'server_error', 'Something went wrong');
    return { word: makeWord({ _id: '1', word: 'x', translation: 'x' }), scheduled: true };
  };
  server.use(
    ...paths.map((path) =>
      method === 'PATCH' ? fake('PATCH', path as AnswerPath, answer) : fake('POST', path as CorrectionPath, answer),
    ),
  );
  return received;
}

/**
 * Answers every answer call (a language's quiz, the account's generic quiz) with `status`, 200 by default. Returns the
 * requests, as they come.
 */
export const recordAnswers = (status: (call: number) => number = () => 200): Received[] =>
  recordCalls(
    'PATCH',
    [
      '/api/{language}/{id}',
      '/api/users/languages/{language}/quiz/answer-word/',
      '/api/users/languages/{language}/quiz/answer-word-incorrectly',
    ],
    status,
  );

/**
 * Answers every "Undo" and "I was right" (POST /api/{language}/answers/{answerId}/…) with `status`. Returns the
 * requests.
 */
export const recordCorrections = (status: (call: number) => number = () => 200): Received[] =>
  recordCalls(
    'POST',
    ['/api/{language}/answers/{answerId}/undo', '/api/{language}/answers/{answerId}/i-was-right'],
    status,
  );

/**
 * A phone's screen, whose primary pointer is a finger: jsdom has no matchMedia, so this stands in for one that says
 * `(pointer: coarse)`. Undo with `vi.unstubAllGlobals()`.
 */
export function onTouchScreen(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(pointer: coarse)',
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/** The user that GET /api/auth/session reports (the account-only routes check it). */
export function loggedIn(): void {
  server.use(fake('GET', '/api/auth/session', () => ({ user: { _id: '1', username: 'ana' } })));
}

/** The text of the quiz's feedback region: the answer field's last description. */
export function quizFeedback(): string {
  const ids = (screen.getByRole('textbox').getAttribute('aria-describedby') ?? '').split(' ');
  return document.getElementById(ids[ids.length - 1] ?? '')?.textContent ?? '';
}
