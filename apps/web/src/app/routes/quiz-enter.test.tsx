import type { Word } from '@vocab/api';
import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { loggedIn, makeWord, quizFeedback, recordAnswers, renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { fake } from '@/test/api-fakes';
import { Component as GenericQuiz } from './generic-quiz';
import { Component as LanguageQuiz } from './language-quiz';
import { Component as LanguageReview } from './language-review';

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const field = () => screen.getByRole<HTMLInputElement>('textbox');

const casa = makeWord({ _id: '1', word: 'casa', translation: 'house', article: 'la' });
const perro = makeWord({ _id: '2', word: 'perro', translation: 'dog', article: 'el' });
/** A word answered before, due again. */
const reviewed = (word: Word): Word => ({ ...word, due: Date.now() - 60_000 });

/** The quiz routes, English shown and Spanish typed, each serving `words`. */
const QUIZZES = [
  {
    name: 'a language quiz',
    url: '/spanish-quiz?direction=recall',
    routes: [{ path: '/spanish-quiz', Component: LanguageQuiz }],
    serve: (words: Word[]) => fake('GET', '/api/{language}', { language: 'spanish' }, () => HttpResponse.json(words)),
  },
  {
    name: 'the generic quiz',
    url: '/quiz/generic/spanish?direction=recall',
    routes: [{ path: '/quiz/generic/:language', Component: GenericQuiz }],
    serve: (words: Word[]) => fake('GET', '/api/{language}', { language: 'spanish' }, () => HttpResponse.json(words)),
  },
  {
    name: 'a review',
    url: '/spanish/up-for-review?direction=recall',
    routes: [{ path: '/spanish/up-for-review', Component: LanguageReview }],
    serve: (words: Word[]) =>
      fake('GET', '/api/{language}/for-review', { language: 'spanish' }, () => HttpResponse.json(words)),
  },
];

describe.each(QUIZZES)('Enter in $name', ({ url, routes, serve }) => {
  it('ends the pause after an accepted answer at once, with the next word ready to type', async () => {
    loggedIn();
    server.use(serve([reviewed(casa), reviewed(perro)]));
    const received = recordAnswers();
    const { user } = renderRoute(url, routes);

    await user.type(await screen.findByRole('textbox'), 'casa');
    expect(quizFeedback()).toBe('Correct!');
    // No time passes: the Enter alone moves on.
    await user.keyboard('{Enter}');
    expect(screen.getByText('dog')).toBeInTheDocument();
    expect(screen.getByText('Score: 1')).toBeInTheDocument();
    expect(field()).toHaveValue('');
    expect(field()).not.toHaveAttribute('readonly');
    expect(field()).toHaveFocus();
    await waitFor(() => expect(received).toHaveLength(1));
  });

  it('takes no empty Enter on a word answered before for "I don\'t know"', async () => {
    loggedIn();
    server.use(serve([reviewed(casa), reviewed(perro)]));
    const received = recordAnswers();
    const { user } = renderRoute(url, routes);

    await screen.findByText('house');
    await wait(1000);
    await user.keyboard('{Enter}');
    expect(quizFeedback()).toBe('');
    expect(field()).not.toHaveAttribute('readonly');
    await wait(100);
    expect(received).toHaveLength(0);
  });
});

describe.each(QUIZZES.slice(0, 2))('an empty Enter in $name', ({ url, routes, serve }) => {
  it('is "I don\'t know" on a word never seen, but not as the second press of a double Enter', async () => {
    loggedIn();
    server.use(serve([casa, perro]));
    const received = recordAnswers();
    const { user } = renderRoute(url, routes);

    await user.type(await screen.findByRole('textbox'), 'casa');
    // A double Enter after the answer: the first ends the pause, the second is nothing on the new word.
    await user.keyboard('{Enter}{Enter}');
    expect(screen.getByText('dog')).toBeInTheDocument();
    expect(quizFeedback()).toBe('');
    expect(field()).not.toHaveAttribute('readonly');

    // Read, then an empty Enter: the answer shown, and the word sent as not known.
    await wait(1000);
    await user.keyboard('{Enter}');
    expect(quizFeedback()).toBe('The answer: el perro');
    expect(field()).toHaveAttribute('readonly');
    await waitFor(() => expect(received).toHaveLength(2));
    expect(received[1]?.url.pathname).toBe('/api/spanish/2');
    expect(received[1]?.body).toMatchObject({ verdict: 'wrong', typed: '' });
  });
});
