import type { LanguageCode } from '@vocab/core';
import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeWord, renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { apiError, fake, type Reply } from '@/test/api-fakes';
import { Component as AddWords } from './language-add-words';

const ROUTES = [
  { path: '/italian-add-words', Component: AddWords },
  { path: '/spanish-add-words', Component: AddWords },
];
const saved = (word: string, translation: string): Reply<'POST', '/api/{language}'> =>
  HttpResponse.json(makeWord({ _id: '9001', word, translation, own: true }), { status: 201 });

/** Records the bodies POSTed to /api/:language and answers with `respond`. */
function fakeAddWord(language: LanguageCode, respond: () => Reply<'POST', '/api/{language}'>, gate?: Promise<void>) {
  const received: unknown[] = [];
  server.use(
    fake('POST', '/api/{language}', { language }, async ({ request }) => {
      received.push(await request.json());
      await gate;
      return respond();
    }),
  );
  return received;
}

describe('adding words', () => {
  it('keeps "Add word" disabled until both the word and its translation are filled', async () => {
    const { user } = renderRoute('/italian-add-words', ROUTES);

    expect(screen.getByRole('heading', { level: 1, name: 'Italian: add words' })).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add word' });
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('Italian word'), 'gatto');
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('English translation'), '   ');
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('English translation'), 'cat');
    expect(add).toBeEnabled();
  });

  it('adds the word, says so, and clears the form for the next one', async () => {
    let release = () => {};
    const received = fakeAddWord('italian', () => saved('gatto', 'cat'), new Promise((resolve) => (release = resolve)));
    const { user } = renderRoute('/italian-add-words', ROUTES);

    await user.type(screen.getByLabelText('Italian word'), ' gatto ');
    await user.type(screen.getByLabelText('English translation'), 'cat{Enter}');
    expect(await screen.findByRole('button', { name: 'Adding...' })).toBeDisabled();
    release();

    expect(await screen.findByRole('status')).toHaveTextContent('✔ “gatto” added to your Italian words.');
    expect(received).toEqual([{ word: 'gatto', translation: 'cat' }]);
    expect(screen.getByLabelText('Italian word')).toHaveValue('');
    expect(screen.getByLabelText('English translation')).toHaveValue('');
    expect(screen.getByLabelText('Italian word')).toHaveFocus();
  });

  it('says under the word that it is already in the list, keeping what was typed, with no browser alert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    fakeAddWord('italian', () => apiError(409, 'word_exists', 'word already exists in your list!'));
    const { user } = renderRoute('/italian-add-words', ROUTES);

    await user.type(screen.getByLabelText('Italian word'), 'casa');
    await user.type(screen.getByLabelText('English translation'), 'house');
    await user.click(screen.getByRole('button', { name: 'Add word' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“casa” is already in your Italian words. Check the spelling, or add another word.',
    );
    expect(alert).not.toHaveBeenCalled();
    const field = screen.getByLabelText('Italian word');
    expect(field).toHaveValue('casa');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/already in your Italian words/);
    expect(screen.getByLabelText('English translation')).toHaveValue('house');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    alert.mockRestore();
  });

  it('shows the server\'s reason in an "Error" box and keeps the typed word', async () => {
    fakeAddWord('italian', () => apiError(400, 'invalid_input', 'body word: word is too long'));
    const { user } = renderRoute('/italian-add-words', ROUTES);

    await user.type(screen.getByLabelText('Italian word'), 'casa');
    await user.type(screen.getByLabelText('English translation'), 'house');
    await user.click(screen.getByRole('button', { name: 'Add word' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('word is too long');
    expect(screen.getByLabelText('Italian word')).toHaveValue('casa');
    expect(screen.getByLabelText('English translation')).toHaveValue('house');
  });

  it('adds to the language of the path', async () => {
    const received = fakeAddWord('spanish', () => saved('gato', 'cat'));
    const { user } = renderRoute('/spanish-add-words', ROUTES);

    await user.type(screen.getByLabelText('Spanish word'), 'gato');
    await user.type(screen.getByLabelText('English translation'), 'cat');
    await user.click(screen.getByRole('button', { name: 'Add word' }));
    expect(await screen.findByText('✔ “gato” added to your Spanish words.')).toBeInTheDocument();
    expect(received).toEqual([{ word: 'gato', translation: 'cat' }]);
    expect(screen.getByRole('link', { name: 'Back to Spanish' })).toHaveAttribute('href', '/spanish');
  });
});
