import { act, cleanup, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute, quizFeedback, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { Component as SecretHome } from './secret-home';
import { Component as SecretQuiz } from './secret-quiz';
import { Component as SecretTranslator } from './secret-translator';
import { Component as SecretWords } from './secret-words';
import { fake } from '@/test/api-fakes';

const ROUTES = [
  { path: '/secret', Component: SecretHome },
  { path: '/secret-quiz', Component: SecretQuiz },
  { path: '/all-secret-language-words', Component: SecretWords },
  { path: '/secret-translator', Component: SecretTranslator },
];
const ENTRIES = [
  { english: 'hello', foreign: 'molani' },
  { english: 'friend', foreign: 'tokalu' },
  { english: 'thank you', foreign: 'kalisu' },
  { english: 'Anna', foreign: 'Anena' },
];
const serveWords = (entries: readonly { english: string; foreign: string }[] = ENTRIES) =>
  server.use(fake('GET', '/api/secret/words', () => HttpResponse.json([...entries])));
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const feedbackText = quizFeedback;
const secretOf = (english: string) => ENTRIES.find((e) => e.english === english)?.foreign ?? '';
const prompt = () => screen.getByText(/^Translate:/).querySelector('strong')?.textContent ?? '';

describe('the secret language', () => {
  it('links its quiz, word list and translator from its home', () => {
    renderRoute('/secret', ROUTES);

    expect(screen.getByRole('link', { name: 'Secret quiz' })).toHaveAttribute('href', '/secret-quiz');
    expect(screen.getByRole('link', { name: 'All secret language words' })).toHaveAttribute(
      'href',
      '/all-secret-language-words',
    );
    expect(screen.getByRole('link', { name: 'Secret translator' })).toHaveAttribute('href', '/secret-translator');
  });

  it('lists every pair in a table of #, English and Secret', async () => {
    serveWords();
    renderRoute('/all-secret-language-words', ROUTES);

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['#', 'English', 'Secret']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['3', 'thank you', 'kalisu']);
  });

  it('shows "Error loading" when the list cannot be loaded', async () => {
    server.use(
      fake('GET', '/api/secret/words', () =>
        HttpResponse.json({ error: { code: 'x', message: 'Something went wrong' } }, { status: 500 }),
      ),
    );
    renderRoute('/all-secret-language-words', ROUTES);

    expect(await screen.findByText('Error loading')).toBeInTheDocument();
  });
});

describe('the secret quiz', () => {
  it(
    'scores a right answer, says "Incorrect." to a wrong one, ' + 'moves on after 2 s either way, and tells nobody',
    async () => {
      serveWords();
      const { user } = renderRoute('/secret-quiz', ROUTES);

      // Fewer pairs than 70: all of them, in a random order.
      const bar = await screen.findByRole('progressbar');
      expect(bar).toHaveAttribute('aria-valuemax', '4');
      expect(screen.getByRole('textbox')).toHaveAccessibleName('Answer in the secret language');

      // Typing the right answer is not enough: "Check" submits.
      await user.type(screen.getByRole('textbox'), secretOf(prompt()));
      expect(feedbackText()).toBe('');
      await user.click(screen.getByRole('button', { name: 'Check' }));
      expect(feedbackText()).toBe('Correct!');
      expect(screen.getByRole('textbox')).toHaveFocus();
      await wait(2000);
      expect(screen.getByText('Score: 1')).toBeInTheDocument();

      // The order is random: the answer shown is the secret word of whatever was asked.
      const missed = secretOf(prompt());
      await user.type(screen.getByRole('textbox'), 'zzz{Enter}');
      expect(feedbackText()).toBe(`Incorrect. ${missed}`);
      await wait(2000);
      expect(screen.getByText('Score: 1')).toBeInTheDocument();
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');

      for (let i = 0; i < 2; i++) {
        await user.type(screen.getByRole('textbox'), `${secretOf(prompt())}{Enter}`);
        await wait(2000);
      }
      expect(screen.getByRole('heading', { name: 'Quiz over' })).toBeInTheDocument();
      expect(screen.getByText('You got 3 / 4 correct')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Play again' }));
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
      expect(screen.getByText('Score: 0')).toBeInTheDocument();
    },
  );

  it('offers "Undo" and "I was right" for the last answer, as the word quizzes do', async () => {
    serveWords();
    const { user } = renderRoute('/secret-quiz', ROUTES);
    await screen.findByRole('progressbar');

    const first = prompt();
    await user.type(screen.getByRole('textbox'), 'zzz{Enter}');
    await user.click(screen.getByRole('button', { name: /^I was right/ }));
    expect(feedbackText()).toBe('Correct!');
    await wait(2000);
    expect(screen.getByText('Score: 1')).toBeInTheDocument();

    const second = prompt();
    expect(second).not.toBe(first);
    await user.type(screen.getByRole('textbox'), 'zzz{Enter}');
    await user.click(screen.getByRole('button', { name: /^Undo/ }));
    expect(prompt()).toBe(second);
    expect(screen.getByRole('textbox')).toHaveValue('');
    expect(screen.getByText('Score: 1')).toBeInTheDocument();
  });

  it('draws 70 different words from a longer list', async () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ english: `word${i}`, foreign: `sekret${i}` }));
    serveWords(many);
    renderRoute('/secret-quiz', ROUTES);

    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuemax', '70');
  });
});

describe('the secret quiz reloaded mid-way', () => {
  const many = Array.from({ length: 80 }, (_, i) => ({ english: `word${i}`, foreign: `sekret${i}` }));
  const answerOf = (english: string) => many.find((e) => e.english === english)?.foreign ?? '';

  /** A reload: the page is gone and the browser loads it again at the same address, in the same tab. */
  function reload() {
    cleanup();
    const entry = { type: 'reload', name: 'http://localhost/secret-quiz' } as PerformanceNavigationTiming;
    const navigation = vi.spyOn(performance, 'getEntriesByType').mockReturnValue([entry]);
    const rendered = renderRoute('/secret-quiz', ROUTES);
    return { ...rendered, done: () => navigation.mockRestore() };
  }

  it(
    'resumes at the same word of the same 70 pairs, ' + 'with the score and progress kept, as the word quizzes do',
    async () => {
      serveWords(many);
      const { user } = renderRoute('/secret-quiz', ROUTES);
      await screen.findByRole('progressbar');
      const asked: string[] = [];
      for (let i = 0; i < 2; i++) {
        asked.push(prompt());
        await user.type(screen.getByRole('textbox'), `${answerOf(prompt())}{Enter}`);
        await wait(2000);
      }
      const next = prompt();
      expect(asked).not.toContain(next);

      const again = reload();
      expect(await screen.findByText('Score: 2')).toBeInTheDocument();
      expect(prompt()).toBe(next);
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '70');
      await again.user.type(screen.getByRole('textbox'), `${answerOf(next)}{Enter}`);
      await wait(2000);
      expect(screen.getByText('Score: 3')).toBeInTheDocument();
      again.done();
    },
  );

  it('starts a new game after Play again, not the resumed one', async () => {
    serveWords(ENTRIES);
    const { user } = renderRoute('/secret-quiz', ROUTES);
    await screen.findByRole('progressbar');
    await user.type(screen.getByRole('textbox'), `${secretOf(prompt())}{Enter}`);
    await wait(2000);

    const again = reload();
    expect(await screen.findByText('Score: 1')).toBeInTheDocument();
    for (let i = 0; i < 3; i++) {
      await again.user.type(screen.getByRole('textbox'), `${secretOf(prompt())}{Enter}`);
      await wait(2000);
    }
    await again.user.click(screen.getByRole('button', { name: 'Play again' }));
    expect(screen.getByText('Score: 0')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    again.done();
  });
});

describe('the secret translator', () => {
  it('translates English to secret and marks the words it does not know', async () => {
    serveWords();
    const { user } = renderRoute('/secret-translator', ROUTES);

    await user.type(await screen.findByLabelText('English'), 'Hello friend, thank you! Bob');
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(screen.getByLabelText('Secret')).toHaveValue('Molani tokalu, kalisu! Bob');
    // The translation is shown once, in its field; the words kept as typed are named under it.
    expect(screen.queryByText(/Molani tokalu/, { ignore: 'textarea' })).not.toBeInTheDocument();
    const marked = document.querySelectorAll('.translator-legend .unknown-word');
    expect(Array.from(marked, (m) => m.textContent)).toEqual(['Bob']);
    expect(screen.getByText(/^Not in the English word list, so kept as typed:/)).toHaveTextContent(
      /kept as typed: Bob\.$/,
    );
  });

  it('translates secret to English after the direction is switched', async () => {
    serveWords();
    const { user } = renderRoute('/secret-translator', ROUTES);

    expect((await screen.findAllByRole('textbox')).map((t) => t.getAttribute('lang'))).toEqual(['en', 'und']);
    await user.click(screen.getByRole('radio', { name: 'Secret → English' }));
    expect(screen.getByLabelText('English')).toHaveAttribute('readonly');
    // The field typed in comes first in either direction.
    expect(screen.getAllByRole('textbox').map((t) => t.getAttribute('lang'))).toEqual(['und', 'en']);
    await user.type(screen.getByLabelText('Secret'), 'molani anena');
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(screen.getByLabelText('English')).toHaveValue('hello Anna');
    // Every word known: nothing to mark, no legend.
    expect(document.querySelector('.unknown-word')).toBeNull();
  });
});
