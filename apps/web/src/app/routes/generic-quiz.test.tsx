import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { loggedIn, makeWord, recordAnswers, renderRoute, quizFeedback, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { Component } from './generic-quiz';
import { fake } from '@/test/api-fakes';

const ROUTES = [{ path: '/quiz/generic/:language', Component }];
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const feedbackText = quizFeedback;

const casa = makeWord({ _id: '11', word: 'casa', translation: 'house', article: 'la' });
const perro = makeWord({ _id: '12', word: 'perro', translation: 'dog', article: 'el' });
const gato = makeWord({ _id: '13', word: 'gato', translation: 'cat', article: 'el' });

describe('the generic quiz', () => {
  it('requeues the missed words, then offers "Learn 15 more words"; answers go through the offline queue', async () => {
    loggedIn();
    const batches = [[casa, perro], [gato]];
    const asked: string[] = [];
    server.use(
      fake('GET', '/api/{language}', { language: 'spanish' }, ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(batches[asked.length - 1] ?? []);
      }),
    );
    const received = recordAnswers();
    const { user } = renderRoute('/quiz/generic/spanish?direction=recall', ROUTES);

    expect(await screen.findByText('word 1 / 2')).toBeInTheDocument();
    expect(asked).toEqual(['?limit=45&unlearned=true&direction=recall']);
    expect(screen.getByText('English → Spanish')).toBeInTheDocument();
    expect(screen.getByText('house')).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveAccessibleName('Answer in Spanish');

    // Wrong, with Enter: the answer shown, and sent as the language quiz sends it (kept if the network is gone).
    await user.type(screen.getByRole('textbox'), 'caso x{Enter}');
    expect(feedbackText()).toBe('Incorrect. la casa');
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]?.url.pathname).toBe('/api/spanish/11');
    expect(received[0]?.body).toMatchObject({ verdict: 'wrong', typed: 'caso x' });

    await wait(2000);
    expect(screen.getByText('word 2 / 2')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox'), 'el perro');
    expect(feedbackText()).toBe('Correct!');
    await waitFor(() => expect(received).toHaveLength(2));
    expect(received[1]?.url.pathname).toBe('/api/spanish/12');
    expect(received[1]?.body).toMatchObject({ verdict: 'correct', typed: 'el perro' });

    // A second round with only the missed word.
    await wait(2000);
    expect(screen.getByText('word 1 / 1')).toBeInTheDocument();
    expect(screen.getByText('house')).toBeInTheDocument();
    expect(screen.getByText('Round 2: the words you missed.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox'), 'casa');
    expect(feedbackText()).toBe('Correct!');
    await wait(2000);

    expect(screen.getByRole('heading', { name: 'Quiz over' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Spanish' })).toHaveAttribute('href', '/generic/spanish');
    await user.click(screen.getByRole('button', { name: 'Learn 15 more words' }));
    expect(await screen.findByText('cat')).toBeInTheDocument();
    expect(screen.getByText('word 1 / 1')).toBeInTheDocument();
    expect(asked).toHaveLength(2);
    expect(received).toHaveLength(3);
  });

  it('sends a visitor to log in first', async () => {
    server.use(fake('GET', '/api/auth/session', () => HttpResponse.json({ user: null })));
    renderRoute('/quiz/generic/spanish', ROUTES);

    expect(await screen.findByText('Now at /login?next=%2Fquiz%2Fgeneric%2Fspanish')).toBeInTheDocument();
  });

  it(
    'shows the not-found page, with the way to the languages offered, ' + 'for a language that is not offered',
    async () => {
      loggedIn();
      renderRoute('/quiz/generic/klingon', ROUTES);

      expect(await screen.findByRole('heading', { name: 'Error 404 Page Not Found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'See the languages offered' })).toHaveAttribute(
        'href',
        '/languages-offered',
      );
    },
  );
});
