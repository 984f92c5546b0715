import type { Word } from '@vocab/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeWord, quizFeedback, recordAnswers, renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { Component as ContextQuiz } from './language-context';
import { Component as LanguageQuiz } from './language-quiz';
import { fake } from '@/test/api-fakes';
import { fakeSpeech } from '@/test/fake-speech';

const ROUTES = [
  { path: '/context/:language', Component: ContextQuiz },
  { path: '/spanish-quiz', Component: LanguageQuiz },
];

const hablar = makeWord({
  _id: '1',
  word: 'hablar',
  translation: 'to speak; to talk',
  pos: 'verb',
  example: 'Ellos [hablan] mucho por teléfono.',
  exampleTranslation: 'They talk a lot on the phone.',
});
const casa = makeWord({
  _id: '2',
  word: 'casa',
  translation: 'house; home',
  article: 'la',
  example: 'Mi [casa] es muy pequeña.',
  exampleTranslation: 'My house is very small.',
});
const perro = makeWord({ _id: '3', word: 'perro', translation: 'dog', article: 'el' });

const answerField = () => screen.getByRole<HTMLInputElement>('textbox');
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const sentence = () => screen.queryByRole('figure', { name: 'Example sentence' });

// The browser's speech synthesis is outside the project: faked with the voices a test names.
const spoken: Array<{ text: string; lang: string }> = [];
const voices = (...langs: string[]) => fakeSpeech(langs, (u) => spoken.push({ text: u.text, lang: u.lang }));
beforeEach(() => {
  spoken.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

function serveBatch(words: Word[]) {
  const asked: URL[] = [];
  server.use(
    fake('GET', '/api/{language}', { language: 'spanish' }, ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json(words);
    }),
  );
  return asked;
}

describe('the sentence after an answer', () => {
  it(
    'follows a right answer, the word marked and the English under it, ' + 'and is read aloud by a Spanish voice',
    async () => {
      voices('es-ES', 'en-US');
      serveBatch([casa, perro]);
      recordAnswers();
      const { user } = renderRoute('/spanish-quiz', ROUTES);
      await user.type(await screen.findByRole('textbox'), 'house');
      expect(quizFeedback()).toBe('Correct!');
      const figure = sentence();
      expect(figure).not.toBeNull();
      if (!figure) return;
      expect(within(figure).getByText('casa', { selector: 'mark' })).toBeInTheDocument();
      expect(figure.querySelector('p')?.textContent).toBe('Mi casa es muy pequeña.');
      expect(figure.querySelector('p')).toHaveAttribute('lang', 'es-ES');
      expect(within(figure).getByText('My house is very small.')).toHaveAttribute('lang', 'en');
      await user.click(within(figure).getByRole('button', { name: 'Listen: Mi casa es muy pequeña.' }));
      expect(spoken).toEqual([{ text: 'Mi casa es muy pequeña.', lang: 'es-ES' }]);

      // It stays under the next prompt until the next answer, which has no sentence: then there is none.
      await wait(2100);
      expect(screen.getByText('el perro')).toBeInTheDocument();
      expect(sentence()).not.toBeNull();
      await user.type(answerField(), 'cat{Enter}');
      expect(quizFeedback()).toBe('Incorrect. dog');
      expect(sentence()).toBeNull();
    },
  );

  it(
    'follows a wrong answer with the correction above it, ' +
      'and has no speaker where the browser has no Spanish voice',
    async () => {
      voices('en-US', 'de-DE');
      serveBatch([casa]);
      recordAnswers();
      const { user } = renderRoute('/spanish-quiz', ROUTES);
      await user.type(await screen.findByRole('textbox'), 'dog{Enter}');
      expect(quizFeedback()).toBe('Incorrect. house');
      const figure = sentence();
      expect(figure?.textContent).toBe('Mi casa es muy pequeña.My house is very small.');
      if (!figure) return;
      expect(within(figure).queryByRole('button')).toBeNull();
      // The correction comes first, the sentence after it.
      const feedback = screen.getByText('Incorrect. house');
      expect(feedback.compareDocumentPosition(figure) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

      // After the pause, the missed word comes back; answered right, the quiz is over and its sentence is still there.
      await wait(2100);
      await user.type(answerField(), 'house');
      await wait(2100);
      expect(screen.getByRole('heading', { name: 'Quiz over' })).toBeInTheDocument();
      expect(sentence()?.querySelector('mark')?.textContent).toBe('casa');
    },
  );
});

describe('the in-context quiz', () => {
  it('asks each word with a sentence in its sentence, judges the form typed, and answers the recall card', async () => {
    const asked = serveBatch([hablar, perro, casa]);
    // The deck's words, so that the dictionary form is known as a word of its own and not forgiven as a typo.
    server.use(
      fake('GET', '/api/{language}/lexicon', () =>
        HttpResponse.json({
          entries: [hablar, casa, perro].map((w) => ({
            word: w.word,
            article: w.article,
            translations: w.translations,
            hint: '',
          })),
        }),
      ),
    );
    const received = recordAnswers();
    const { user } = renderRoute('/context/spanish', ROUTES);

    expect(await screen.findByRole('heading', { name: 'Spanish in context' })).toBeInTheDocument();
    // The recall card's batch; the word without a sentence is left out.
    expect(asked[0]?.searchParams.get('direction')).toBe('recall');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '2');
    const prompt = screen.getByText('They talk a lot on the phone.').closest('.quiz-prompt');
    expect(prompt?.textContent).toBe('Ellos blank mucho por teléfono.They talk a lot on the phone.');
    expect(answerField()).toHaveAccessibleName('The missing Spanish word');

    // The dictionary form does not fit: wrong, the form shown, the whole sentence under the correction.
    await user.type(answerField(), 'hablar{Enter}');
    expect(quizFeedback()).toContain('Incorrect. hablan');
    expect(sentence()?.querySelector('mark')?.textContent).toBe('hablan');
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]?.url.pathname).toBe('/api/spanish/1');
    expect(received[0]?.body).toMatchObject({ verdict: 'wrong', typed: 'hablar', direction: 'recall', context: true });

    // After the pause it goes on; the next sentence's form is taken as it is typed, whatever its case.
    await wait(2100);
    expect(screen.getByText('My house is very small.')).toBeInTheDocument();
    await user.type(answerField(), 'Casa');
    expect(quizFeedback()).toBe('Correct!');
    await waitFor(() => expect(received).toHaveLength(2));
    expect(received[1]?.body).toMatchObject({ verdict: 'correct', typed: 'Casa', direction: 'recall', context: true });
  });

  it('says so when none of the next words has a sentence', async () => {
    serveBatch([perro]);
    renderRoute('/context/spanish', ROUTES);
    expect(
      await screen.findByText('None of your next Spanish words has a sentence yet: practise them in the quiz.'),
    ).toBeInTheDocument();
  });
});
