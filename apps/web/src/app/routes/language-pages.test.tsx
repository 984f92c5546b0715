import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute, server, setupQuizTests } from '@/features/quiz/test-utils';
import { Component as AddWords } from './language-add-words';
import { Component as LanguageHome } from './language-home';

setupQuizTests();

const stats = (fields: object) => ({ language: 'italian', totalWords: 1100, learnedCount: 0, percentLearned: 0, dueCount: 0, ...fields });
const HOMES = [{ path: '/italian', Component: LanguageHome }, { path: '/spanish', Component: LanguageHome }];

describe('a language home', () => {
  it('shows the percent learned, the total, practice and review links, and the due count', async () => {
    server.use(http.get('/api/italian/stats', () => HttpResponse.json(stats({ learnedCount: 132, percentLearned: 12, dueCount: 7 }))));
    renderRoute('/italian', HOMES);

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('progressbar', { name: 'Words learned' })).toHaveAttribute('aria-valuenow', '12');
    expect(screen.getByText('12%')).toBeInTheDocument();
    expect(screen.getByText(/Total:/)).toHaveTextContent('Total: 1,100 words, 132 learned');
    expect(screen.getByText(/Up for review:/)).toHaveTextContent('Up for review: 7 words');
    expect(screen.getByRole('link', { name: 'Practice vocab' })).toHaveAttribute('href', '/italian-quiz');
    expect(screen.getByRole('link', { name: 'Practice English → Italian' })).toHaveAttribute('href', '/italian-quiz?direction=reverse');
    // PRODUCT.md §1: Italian's "Review words" goes to its own review, not Spanish's.
    expect(screen.getByRole('link', { name: 'Review words' })).toHaveAttribute('href', '/italian/up-for-review');
    expect(screen.getByRole('link', { name: 'Add words' })).toHaveAttribute('href', '/italian-add-words');
    expect(screen.getByRole('link', { name: 'Your progress' })).toHaveAttribute('href', '/stats/italian');
  });

  it('says "Error loading" when the figures cannot be read, and recovers on retry', async () => {
    let calls = 0;
    server.use(http.get('/api/spanish/stats', () => (++calls === 1 ? HttpResponse.error() : HttpResponse.json(stats({ language: 'spanish', dueCount: 1 })))));
    const { user } = renderRoute('/spanish', HOMES);

    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Up for review:/)).toHaveTextContent('Up for review: 1 word');
  });
});

describe('adding words', () => {
  const ROUTES = [{ path: '/italian-add-words', Component: AddWords }];

  it('waits for both fields, then adds the word and clears the form', async () => {
    let body: unknown;
    server.use(
      http.post('/api/italian', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ _id: '9001', word: 'gatto', translation: 'cat', translations: ['cat'], own: true }, { status: 201 });
      }),
    );
    const { user } = renderRoute('/italian-add-words', ROUTES);

    const add = screen.getByRole('button', { name: 'Add word' });
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('Italian word'), 'gatto');
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('English translation'), 'cat{Enter}');
    expect(await screen.findByText(/“gatto” added/)).toBeInTheDocument();
    expect(body).toEqual({ word: 'gatto', translation: 'cat' });
    expect(screen.getByLabelText('Italian word')).toHaveValue('');
  });

  it('alerts "word already exists in your list!" on a duplicate and clears the form', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    server.use(http.post('/api/italian', () => HttpResponse.json({ error: { code: 'word_exists', message: 'word already exists in your list!' } }, { status: 409 })));
    const { user } = renderRoute('/italian-add-words', ROUTES);

    await user.type(screen.getByLabelText('Italian word'), 'casa');
    await user.type(screen.getByLabelText('English translation'), 'house');
    await user.click(screen.getByRole('button', { name: 'Add word' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('word already exists in your list!'));
    expect(screen.getByLabelText('Italian word')).toHaveValue('');
    expect(screen.getByLabelText('English translation')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    alert.mockRestore();
  });

  it('keeps the typed word and shows the reason when the server refuses it', async () => {
    server.use(http.post('/api/italian', () => HttpResponse.json({ error: { code: 'invalid_request', message: 'word is too long' } }, { status: 400 })));
    const { user } = renderRoute('/italian-add-words', ROUTES);

    await user.type(screen.getByLabelText('Italian word'), 'casa');
    await user.type(screen.getByLabelText('English translation'), 'house');
    await user.click(screen.getByRole('button', { name: 'Add word' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('word is too long');
    expect(screen.getByLabelText('Italian word')).toHaveValue('casa');
  });
});
