import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeWord, recordAnswers, renderRoute, quizFeedback, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { Component } from './language-review';
import { fake } from '@/test/api-fakes';

const ROUTES = [
  { path: '/spanish/up-for-review', Component },
  { path: '/italian/up-for-review', Component },
];
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const feedbackText = quizFeedback;

describe('a language review', () => {
  it('says when no word is due', async () => {
    server.use(fake('GET', '/api/{language}/for-review', { language: 'spanish' }, () => HttpResponse.json([])));
    renderRoute('/spanish/up-for-review', ROUTES);

    expect(await screen.findByText('No words to translate at this time')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Spanish' })).toHaveAttribute('href', '/spanish');
  });

  it('shows the foreign word with its article, counts i / N, and shows the answer after a wrong one', async () => {
    server.use(
      fake('GET', '/api/{language}/for-review', { language: 'italian' }, () =>
        HttpResponse.json([
          makeWord({ _id: '5', word: 'uomo', translation: 'man', article: 'il' }),
          makeWord({ _id: '6', word: 'casa', translation: 'house; home', article: 'la' }),
        ]),
      ),
    );
    const received = recordAnswers();
    const { user } = renderRoute('/italian/up-for-review?direction=recognise', ROUTES);

    expect(await screen.findByText("l'uomo")).toBeInTheDocument();
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveAccessibleName('Answer in English');
    // English answers need no accent buttons.
    expect(screen.queryByRole('group', { name: 'Accented letters' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox'), 'woman{Enter}');
    expect(feedbackText()).toBe('Incorrect. man');
    await waitFor(() => expect(received[0]?.url.pathname).toBe('/api/italian/5'));
    expect(received[0]?.body).toMatchObject({ verdict: 'wrong', typed: 'woman' });

    await wait(2000);
    expect(screen.getByText('2 / 2')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox'), 'the house');
    expect(feedbackText()).toBe('Correct!');
    await wait(2000);
    expect(screen.getByRole('heading', { name: 'Quiz over' })).toBeInTheDocument();
    expect(screen.getByText('You got 1 / 2 correct')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Italian' })).toHaveAttribute('href', '/italian');
    // The next step after a review: new words.
    expect(screen.getByRole('link', { name: 'Learn new words' })).toHaveAttribute(
      'href',
      '/italian-quiz?direction=recognise',
    );
  });

  it('offers a break every 20 answers: keep going or stop here', async () => {
    const words = Array.from({ length: 21 }, (_, i) =>
      makeWord({ _id: String(i + 1), word: `palabra${i}`, translation: `word${i}` }),
    );
    server.use(fake('GET', '/api/{language}/for-review', { language: 'spanish' }, () => HttpResponse.json(words)));
    recordAnswers();
    const { user } = renderRoute('/spanish/up-for-review?direction=recognise', ROUTES);
    await screen.findByText('1 / 21');

    for (let i = 0; i < 20; i++) {
      const asked = screen.getByText(/^palabra\d+$/).textContent ?? '';
      await user.type(screen.getByRole('textbox'), asked.replace('palabra', 'word'));
      await wait(2000);
    }
    expect(screen.getByRole('heading', { name: '20 done — keep going or stop here' })).toHaveFocus();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Stop here' })).toHaveAttribute('href', '/spanish');

    await user.click(screen.getByRole('button', { name: 'Keep going' }));
    expect(screen.getByText('21 / 21')).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveFocus();
    expect(screen.getByText('Score: 20')).toBeInTheDocument();
  });

  it('shows "Error loading" when the due words cannot be loaded', async () => {
    server.use(
      fake('GET', '/api/{language}/for-review', { language: 'spanish' }, () =>
        HttpResponse.json({ error: { code: 'x', message: 'Something went wrong' } }, { status: 500 }),
      ),
    );
    renderRoute('/spanish/up-for-review', ROUTES);

    expect(await screen.findByText('Error loading')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
