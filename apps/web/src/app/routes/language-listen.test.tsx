import type { Word } from '@vocab/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeWord, quizFeedback, recordAnswers, renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { Component as ListenQuiz } from './language-listen';
import { fake } from '@/test/api-fakes';
import { type FakeUtterance, fakeSpeech } from '@/test/fake-speech';

const ROUTES = [{ path: '/listen/:language', Component: ListenQuiz }];

const casa = makeWord({
  _id: '1',
  word: 'casa',
  translation: 'house; home',
  article: 'la',
  example: 'Mi [casa] es muy pequeña.',
  exampleTranslation: 'My house is very small.',
});
const perro = makeWord({ _id: '2', word: 'perro', translation: 'dog', article: 'el' });

const answerField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'The Spanish word you hear' });
const again = () => screen.getByRole('button', { name: /^Hear it (again|slower)/ });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/**
 * The browser's speech synthesis is outside the project: a fake with the voices a test names, which may arrive
 * late (`voiceschanged`), and which may refuse to speak (an `error` event on the utterance, or a throw).
 */
interface Said {
  text: string;
  lang: string;
  rate: number;
}
const spoken: Said[] = [];
let fail: ((u: FakeUtterance) => void) | null = null;
const fakeVoices = (...langs: string[]) =>
  fakeSpeech(langs, (u) => (fail ? fail(u) : spoken.push({ text: u.text, lang: u.lang, rate: u.rate })));
beforeEach(() => {
  spoken.length = 0;
  fail = null;
});
afterEach(() => vi.unstubAllGlobals());

/** The recall card's next words, as the page asks for them. */
const serveBatch = (words: Word[]) =>
  server.use(fake('GET', '/api/{language}', { language: 'spanish' }, () => HttpResponse.json(words)));

describe('an unknown language', () => {
  it('shows the not-found page, with the way to the languages offered', async () => {
    fakeVoices('es-ES');
    renderRoute('/listen/klingon', ROUTES);

    expect(await screen.findByRole('heading', { name: 'Error 404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the languages offered' })).toHaveAttribute(
      'href',
      '/languages-offered',
    );
  });
});

describe('listen and type', () => {
  it(
    'says each word in a Spanish voice, never shows it before the answer, ' +
      'and says it again slower on the second press',
    async () => {
      fakeVoices('en-US', 'es-ES');
      let asked: URL | undefined;
      server.use(
        fake('GET', '/api/{language}', { language: 'spanish' }, ({ request }) => {
          asked = new URL(request.url);
          return HttpResponse.json([casa, perro]);
        }),
      );
      const received = recordAnswers();
      const { user } = renderRoute('/listen/spanish', ROUTES);

      expect(await screen.findByRole('heading', { name: 'Spanish: listen and type' })).toBeInTheDocument();
      expect(asked?.searchParams.get('direction')).toBe('recall');
      await screen.findByRole('textbox');
      expect(screen.getByText('Spoken Spanish → written')).toBeInTheDocument();
      // Said when it appears, with its article, by the Spanish voice; nowhere on the page, nor in a button's name.
      expect(spoken).toEqual([{ text: 'la casa', lang: 'es-ES', rate: 0.9 }]);
      expect(document.body.textContent).not.toMatch(/casa|house/);
      expect(again()).toHaveAccessibleName('Hear it again Ctrl+Space');
      // A screen reader does not read the instruction over the word being said.
      expect(again().closest('.quiz-prompt')).toHaveAttribute('aria-live', 'off');

      await user.click(again());
      expect(spoken[1]).toEqual({ text: 'la casa', lang: 'es-ES', rate: 0.9 });
      expect(again()).toHaveTextContent('Hear it slower');
      await user.click(again());
      expect(spoken[2]).toEqual({ text: 'la casa', lang: 'es-ES', rate: 0.6 });
      // Ctrl+Space in the field says it again and types nothing; the field kept the focus through the clicks.
      expect(answerField()).toHaveFocus();
      await user.keyboard('{Control>} {/Control}');
      expect(spoken[3]).toEqual({ text: 'la casa', lang: 'es-ES', rate: 0.6 });
      expect(answerField()).toHaveValue('');

      // Judged by the forgiving checker, and then the word is written, with its English and its sentence.
      await user.type(answerField(), 'Casa');
      expect(quizFeedback()).toBe('Correct!');
      expect(screen.getByText('la casa').closest('p')).toHaveTextContent('la casa — house; home');
      expect(screen.getByRole('figure', { name: 'Example sentence' }).querySelector('mark')?.textContent).toBe('casa');
      // An answer on the recall card, judged again there by the server with the same key.
      await waitFor(() => expect(received).toHaveLength(1));
      expect(received[0]?.url.pathname).toBe('/api/spanish/1');
      expect(received[0]?.body).toMatchObject({ verdict: 'correct', typed: 'Casa', direction: 'recall' });
      expect(received[0]?.body).not.toHaveProperty('context');

      // The next word is said when it appears, at the normal rate again.
      await wait(2100);
      expect(spoken.at(-1)).toEqual({ text: 'el perro', lang: 'es-ES', rate: 0.9 });
      expect(again()).toHaveTextContent('Hear it again');
    },
  );

  it('shows a missed word written, with its English, and asks it again', async () => {
    fakeVoices('es-ES');
    serveBatch([perro]);
    recordAnswers();
    const { user } = renderRoute('/listen/spanish', ROUTES);
    await user.type(await screen.findByRole('textbox'), 'gato{Enter}');
    expect(quizFeedback()).toContain('Incorrect. el perro');
    expect(screen.getByText('el perro', { selector: '.listen-reveal strong' }).closest('p')).toHaveTextContent(
      'el perro — dog',
    );
    await wait(2100);
    expect(screen.getByText('Round 2: the words you missed.')).toBeInTheDocument();
    expect(spoken.filter((s) => s.text === 'el perro')).toHaveLength(2);
  });

  it(
    'says plainly that the browser has no Spanish voice, ' +
      'offers the other ways, and never lets another voice read Spanish',
    async () => {
      fakeVoices('en-US', 'de-DE');
      serveBatch([casa]);
      renderRoute('/listen/spanish', ROUTES);
      // The list of voices may still be on its way: the page waits a moment before it says there is none.
      expect(await screen.findByText('Loading...')).toBeInTheDocument();
      await wait(1600);
      expect(screen.getByRole('status')).toHaveTextContent(
        'Your browser has no Spanish voice, so it cannot say the words.',
      );
      expect(screen.getByRole('link', { name: 'Spanish quiz' })).toHaveAttribute('href', '/spanish-quiz');
      expect(screen.getByRole('link', { name: 'Practice in context' })).toHaveAttribute('href', '/context/spanish');
      expect(screen.getByRole('link', { name: 'Back to Spanish' })).toHaveAttribute('href', '/spanish');
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(spoken).toEqual([]);
    },
  );

  it('says so at once in a browser without speech synthesis', async () => {
    serveBatch([casa]);
    renderRoute('/listen/spanish', ROUTES);
    expect(await screen.findByText(/Your browser has no Spanish voice/)).toBeInTheDocument();
  });

  it('starts once the Spanish voice arrives after the others', async () => {
    const speech = fakeVoices();
    serveBatch([casa]);
    renderRoute('/listen/spanish', ROUTES);
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    await speech.arrive('en-US');
    expect(screen.queryByText(/no Spanish voice/)).toBeNull();
    await speech.arrive('en-US', 'es-MX');
    await screen.findByRole('textbox');
    expect(spoken).toEqual([{ text: 'la casa', lang: 'es-MX', rate: 0.9 }]);
  });

  it('says what to do when the browser refuses to speak before a click, and says the word on the click', async () => {
    fakeVoices('es-ES');
    // Chrome refuses speech on a page opened without a click or a key: the utterance fails with `not-allowed`.
    fail = (u) => u.onerror?.({ error: 'not-allowed' });
    serveBatch([casa]);
    const { user } = renderRoute('/listen/spanish', ROUTES);
    expect(
      await screen.findByText(
        'Your browser speaks only after a click or a key: press “Hear it again” or Ctrl+Space to hear the word.',
      ),
    ).toHaveRole('status');
    fail = null;
    await user.click(again());
    expect(spoken).toEqual([{ text: 'la casa', lang: 'es-ES', rate: 0.9 }]);
    expect(screen.queryByText(/Your browser speaks only/)).toBeNull();
  });

  it('says so when speaking fails, and the learner can still answer', async () => {
    fakeVoices('es-ES');
    fail = () => {
      throw new Error('synthesis unavailable');
    };
    serveBatch([casa]);
    recordAnswers();
    const { user } = renderRoute('/listen/spanish', ROUTES);
    expect(
      await screen.findByText('Your browser could not say the word. Press “Hear it again” or Ctrl+Space to try again.'),
    ).toHaveRole('status');
    // An interrupted word (the next one cut it off) is no failure.
    fail = (u) => u.onerror?.({ error: 'interrupted' });
    await user.click(again());
    expect(screen.queryByText(/could not say the word/)).toBeNull();
    await user.type(answerField(), 'casa');
    expect(quizFeedback()).toBe('Correct!');
    expect(
      within(screen.getByText('la casa').closest('p') ?? document.body).getByText(/house; home/),
    ).toBeInTheDocument();
  });
});
