/**
 * The quiz pages beyond the original's: the reverse card (`?direction=reverse`), and undo / "I was right" after an
 * answer.
 */
import type { Word } from '@vocab/api';
import type { LanguageCode } from '@vocab/core';
import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  defaultSettings,
  loggedIn,
  makeWord,
  recordAnswers,
  recordCorrections,
  renderRoute,
  quizFeedback,
  server,
} from '@/test/test-utils';
import '@/test/page-test-hooks';
import { RETRY_MS } from '@/features/quiz/offline/answer-queue';
import { Component as GenericQuiz } from './generic-quiz';
import { Component as LanguageQuiz } from './language-quiz';
import { Component as LanguageReview } from './language-review';
import { fake } from '@/test/api-fakes';

const ROUTES = [
  { path: '/spanish-quiz', Component: LanguageQuiz },
  { path: '/french-quiz', Component: LanguageQuiz },
  { path: '/spanish/up-for-review', Component: LanguageReview },
  { path: '/quiz/generic/:language', Component: GenericQuiz },
];

/** The line under the field that says what the last answer was, once the quiz moved on. */
const lastAnswer = () => document.querySelector('.quiz-last-answer')?.textContent ?? '';

const casa = makeWord({ _id: '1', word: 'casa', translation: 'house; home', article: 'la' });
const perro = makeWord({ _id: '2', word: 'perro', translation: 'dog', article: 'el' });
const ete = makeWord({ _id: '7', word: 'été', translation: 'summer', article: 'le' });
const chateau = makeWord({ _id: '8', word: 'château', translation: 'castle', article: 'le' });
const estar = makeWord({ _id: '3', word: 'estar', translation: 'to be; to stay', pos: 'verb' });
const nino = makeWord({ _id: '4', word: 'niño', translation: 'child; boy', article: 'el' });

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const field = () => screen.getByRole<HTMLInputElement>('textbox');
const undoButton = () => screen.queryByRole('button', { name: /^Undo/ });
const rightButton = () => screen.queryByRole('button', { name: /^I was right/ });
const answerIdOf = (body: unknown) => (body as { answerId: string }).answerId;

describe('"I was right"', () => {
  it('turns a shown "Incorrect" into "Correct!", tells the server which answer, and scores it', async () => {
    serveWords('/api/{language}', 'french', [ete, chateau]);
    const answers = recordAnswers();
    const corrections = recordCorrections();
    const { user } = renderRoute('/french-quiz', ROUTES);

    await user.type(await screen.findByRole('textbox'), 'hiver{Enter}');
    expect(quizFeedback()).toBe("Incorrect Correct: l'été");
    expect(rightButton()).toHaveAccessibleName('I was right Ctrl+Enter');
    expect(rightButton()).toHaveAttribute('aria-keyshortcuts', 'Control+Enter');
    expect(undoButton()).toHaveAttribute('aria-keyshortcuts', 'Escape');
    await waitFor(() => expect(answers).toHaveLength(1));

    await user.click(rightButton() as HTMLElement);
    expect(quizFeedback()).toBe('Correct!');
    expect(field()).toHaveFocus();
    // Only a wrong verdict can be overruled; the answer can still be taken back.
    expect(rightButton()).not.toBeInTheDocument();
    expect(undoButton()).toBeInTheDocument();
    await waitFor(() => expect(corrections).toHaveLength(1));
    expect(corrections[0]?.url.pathname).toBe(`/api/french/answers/${answerIdOf(answers[0]?.body)}/i-was-right`);

    await wait(2000);
    expect(screen.getByText('castle')).toBeInTheDocument();
    expect(screen.getByText('Score: 1')).toBeInTheDocument();
  });

  it('still works once the next word is asked, with Ctrl+Enter, keeping what is typed', async () => {
    serveWords('/api/{language}', 'french', [ete, chateau]);
    const answers = recordAnswers();
    const corrections = recordCorrections();
    const { user } = renderRoute('/french-quiz', ROUTES);

    await user.type(await screen.findByRole('textbox'), 'hiver{Enter}');
    await wait(2000);
    expect(screen.getByText('castle')).toBeInTheDocument();
    // The miss names the right answer again on the next word, after the 2-second pause.
    expect(lastAnswer()).toBe("Last answer: summer → “hiver”, incorrect — right answer: l'été");
    await user.type(field(), 'le ch');
    await user.keyboard('{Control>}{Enter}{/Control}');

    expect(screen.getByText('Score: 1')).toBeInTheDocument();
    expect(screen.getByText('castle')).toBeInTheDocument();
    expect(field()).toHaveValue('le ch');
    expect(screen.getByText('Last answer: summer → “hiver”, correct')).toBeInTheDocument();
    // Ctrl+Enter did not submit the half-typed answer.
    expect(answers).toHaveLength(1);
    await waitFor(() =>
      expect(corrections.map((c) => c.url.pathname)).toEqual([
        `/api/french/answers/${answerIdOf(answers[0]?.body)}/i-was-right`,
      ]),
    );
    // The next word is answered as usual, and that answer replaces the one that could be corrected.
    await user.type(field(), 'âteau');
    expect(quizFeedback()).toBe('Correct!');
    expect(rightButton()).not.toBeInTheDocument();
  });

  it("keeps a missed word out of the generic quiz's next round", async () => {
    loggedIn();
    server.use(fake('GET', '/api/{language}', { language: 'spanish' }, () => HttpResponse.json([casa, perro])));
    const answers = recordAnswers();
    const corrections = recordCorrections();
    const { user } = renderRoute('/quiz/generic/spanish', ROUTES);

    // Spanish's own card shows Spanish, in every Spanish quiz.
    await user.type(await screen.findByRole('textbox'), 'house');
    await wait(2000);
    await user.type(field(), 'el gato{Enter}');
    expect(quizFeedback()).toBe('Incorrect. dog');
    await user.click(rightButton() as HTMLElement);
    await wait(2000);
    expect(screen.getByRole('heading', { name: 'Quiz over' })).toBeInTheDocument();
    await waitFor(() => expect(corrections).toHaveLength(1));
    expect(corrections[0]?.url.pathname).toBe(`/api/spanish/answers/${answerIdOf(answers[1]?.body)}/i-was-right`);
  });
});

describe('"Undo"', () => {
  it(
    'takes back an answer after the quiz moved on, ' + 'with Escape: the word is asked again and the score reverts',
    async () => {
      serveWords('/api/{language}', 'spanish', [casa, perro]);
      const answers = recordAnswers();
      const corrections = recordCorrections();
      const { user } = renderRoute('/spanish-quiz', ROUTES);

      await user.type(await screen.findByRole('textbox'), 'home');
      expect(quizFeedback()).toBe('Correct!');
      await wait(2000);
      expect(screen.getByText('el perro')).toBeInTheDocument();
      expect(screen.getByText('Score: 1')).toBeInTheDocument();
      expect(screen.getByText('Last answer: la casa → “home”, correct')).toBeInTheDocument();
      expect(undoButton()).toHaveAccessibleName('Undo Esc');

      expect(screen.queryByText('Answer taken back')).not.toBeInTheDocument();

      await user.keyboard('{Escape}');
      expect(screen.getByText('la casa')).toBeInTheDocument();
      // Said, and read out politely: the word coming back alone does not say why.
      expect(screen.getByText('Answer taken back')).toHaveAttribute('role', 'status');
      expect(screen.getByText('Score: 0')).toBeInTheDocument();
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
      expect(field()).toHaveValue('');
      expect(field()).toHaveFocus();
      expect(undoButton()).not.toBeInTheDocument();
      await waitFor(() => expect(corrections).toHaveLength(1));
      expect(corrections[0]?.url.pathname).toBe(`/api/spanish/answers/${answerIdOf(answers[0]?.body)}/undo`);

      // Answered again, it is a new answer with its own id.
      await user.type(field(), 'house');
      await waitFor(() => expect(answers).toHaveLength(2));
      expect(screen.queryByText('Answer taken back')).not.toBeInTheDocument();
      expect(answerIdOf(answers[1]?.body)).not.toBe(answerIdOf(answers[0]?.body));
    },
  );

  it('waits for the answer to be saved before taking it back', async () => {
    serveWords('/api/{language}', 'spanish', [casa, perro]);
    let release: () => void = () => undefined;
    const saved = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    server.use(
      fake('PATCH', '/api/{language}/{id}', { language: 'spanish' }, async () => {
        await saved;
        order.push('answer saved');
        return HttpResponse.json({ word: casa, scheduled: true });
      }),
      fake('POST', '/api/{language}/answers/{answerId}/undo', { language: 'spanish' }, () => {
        order.push('undo');
        return HttpResponse.json({ word: casa, scheduled: false });
      }),
    );
    const { user } = renderRoute('/spanish-quiz', ROUTES);

    await user.type(await screen.findByRole('textbox'), 'home');
    await user.click(undoButton() as HTMLElement);
    expect(screen.getByText('la casa')).toBeInTheDocument();
    expect(quizFeedback()).toBe('');
    await wait(100);
    expect(order).toEqual([]);
    release();
    await waitFor(() => expect(order).toEqual(['answer saved', 'undo']));
  });

  it('brings back the last word of a finished quiz', async () => {
    serveWords('/api/{language}/for-review', 'spanish', [perro]);
    recordAnswers();
    const corrections = recordCorrections();
    const { user } = renderRoute('/spanish/up-for-review', ROUTES);

    await user.type(await screen.findByRole('textbox'), 'dog');
    await wait(2000);
    expect(screen.getByRole('heading', { name: 'Quiz over' })).toBeInTheDocument();
    expect(screen.getByText('You got 1 / 1 correct')).toBeInTheDocument();
    await user.click(undoButton() as HTMLElement);
    expect(screen.getByText('el perro')).toBeInTheDocument();
    expect(screen.getByText('1 / 1')).toBeInTheDocument();
    expect(field()).toHaveFocus();
    await waitFor(() => expect(corrections).toHaveLength(1));
  });

  it('keeps an undo the server could not take, and sends it again later', async () => {
    serveWords('/api/{language}', 'spanish', [casa, perro]);
    recordAnswers();
    let failing = true;
    const corrections = recordCorrections(() => (failing ? 503 : 200));
    const { user } = renderRoute('/spanish-quiz', ROUTES);

    await user.type(await screen.findByRole('textbox'), 'home');
    await user.click(undoButton() as HTMLElement);
    // Retried with back-off, then kept in the queue for a later try.
    await wait(5000);
    expect(corrections).toHaveLength(3);
    failing = false;
    await wait(RETRY_MS);
    await waitFor(() => expect(corrections).toHaveLength(4));
    expect(new Set(corrections.map((c) => c.url.pathname)).size).toBe(1);
    expect(screen.queryByText(/could not be saved/)).not.toBeInTheDocument();
  });

  it('takes no keystroke from the answer field: letters typed while the buttons show are the next answer', async () => {
    serveWords('/api/{language}', 'french', [ete, chateau]);
    recordAnswers();
    recordCorrections();
    const { user } = renderRoute('/french-quiz', ROUTES);

    await user.type(await screen.findByRole('textbox'), 'hiver{Enter}');
    await wait(2000);
    expect(undoButton()).toBeInTheDocument();
    await user.type(field(), 'le château');
    expect(quizFeedback()).toBe('Correct!');
    expect(screen.getByText('Score: 0')).toBeInTheDocument();
  });
});

/** Serves `words` at `path` for `language` and records the query strings it was asked with. */
function serveWords(
  path: '/api/{language}' | '/api/{language}/for-review',
  language: LanguageCode,
  words: Word[],
): string[] {
  const asked: string[] = [];
  server.use(
    fake('GET', path, { language }, ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(words);
    }),
  );
  return asked;
}

describe('the reverse direction (?direction=reverse)', () => {
  it(
    'asks a Spanish word from its whole English translation, ' + 'with the accents, and saves it to the reverse card',
    async () => {
      const asked = serveWords('/api/{language}', 'spanish', [estar, nino]);
      const received = recordAnswers();
      const { user } = renderRoute('/spanish-quiz?direction=reverse', ROUTES);

      expect(await screen.findByRole('heading', { name: 'Spanish quiz: English → Spanish' })).toBeInTheDocument();
      // Three batches at once: the next two can start offline (features/quiz/offline/day-words.ts).
      expect(asked).toEqual(['?limit=45&unlearned=true&direction=recall']);
      // Several meanings are shown whole; the answer is typed in Spanish, with the accent buttons at hand.
      expect(screen.getByText(/Translate:/).textContent).toBe('Translate: to be; to stay');
      expect(screen.getByRole('textbox')).toHaveAccessibleName('Answer in Spanish');
      expect(screen.getByRole('group', { name: 'Accented letters' })).toBeInTheDocument();

      await user.type(screen.getByRole('textbox'), 'estar');
      expect(quizFeedback()).toBe('Correct!');
      await waitFor(() => expect(received).toHaveLength(1));
      expect(received[0]?.url.pathname).toBe('/api/spanish/3');
      expect(received[0]?.body).toMatchObject({ verdict: 'correct', typed: 'estar', direction: 'recall' });
    },
  );

  it(
    'accepts the noun with or without its article, ' + 'and forgives a missing accent unless accents are strict',
    async () => {
      serveWords('/api/{language}', 'spanish', [nino, perro]);
      const received = recordAnswers();
      const { user } = renderRoute('/spanish-quiz?direction=reverse', ROUTES);

      expect(await screen.findByText('child; boy')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Insert ñ' }));
      expect(screen.getByRole('textbox')).toHaveValue('ñ');
      await user.clear(screen.getByRole('textbox'));
      await user.type(screen.getByRole('textbox'), 'el nino{Enter}');
      expect(quizFeedback()).toBe('Almost — mind the tilde: el niño');
      await waitFor(() => expect(received[0]?.body).toMatchObject({ verdict: 'almost', direction: 'recall' }));

      await act(() => vi.advanceTimersByTimeAsync(2000));
      await user.type(screen.getByRole('textbox'), 'perro');
      expect(quizFeedback()).toBe('Correct!');
    },
  );

  it('refuses a missing accent in reverse when the learner chose strict accents', async () => {
    server.use(fake('GET', '/api/settings', () => HttpResponse.json({ ...defaultSettings, strictAccents: true })));
    serveWords('/api/{language}', 'spanish', [nino]);
    recordAnswers();
    const { user } = renderRoute('/spanish-quiz?direction=reverse', ROUTES);

    await user.type(await screen.findByRole('textbox'), 'nino{Enter}');
    expect(quizFeedback()).toBe('Incorrect — mind the tilde: el niño');
  });

  it('keeps the Spanish quiz as the original has it, on its own card: Spanish shown, recognise', async () => {
    const asked = serveWords('/api/{language}', 'spanish', [nino]);
    const received = recordAnswers();
    const { user } = renderRoute('/spanish-quiz', ROUTES);

    expect(await screen.findByRole('heading', { name: 'Spanish quiz' })).toBeInTheDocument();
    expect(asked).toEqual(['?limit=45&unlearned=true&direction=recognise']);
    expect(screen.getByText(/Translate:/).textContent).toBe('Translate: el niño');
    expect(screen.getByText('Spanish → English')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox'), 'boy');
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]?.body).toMatchObject({ direction: 'recognise' });
  });

  it("reviews the reverse card's due words, English shown", async () => {
    const asked = serveWords('/api/{language}/for-review', 'spanish', [nino]);
    const received = recordAnswers();
    const { user } = renderRoute('/spanish/up-for-review?direction=reverse', ROUTES);

    expect(
      await screen.findByRole('heading', { name: 'Spanish: up for review: English → Spanish' }),
    ).toBeInTheDocument();
    expect(asked).toEqual(['?direction=recall']);
    expect(screen.getByText(/Translate:/).textContent).toBe('Translate: child; boy');
    await user.type(screen.getByRole('textbox'), 'tio{Enter}');
    expect(quizFeedback()).toBe('Incorrect. el niño');
    await waitFor(() => expect(received[0]?.body).toMatchObject({ verdict: 'wrong', direction: 'recall' }));
  });

  it('offers the reverse review when every reverse word is learned', async () => {
    serveWords('/api/{language}', 'french', []);
    renderRoute('/french-quiz?direction=reverse', ROUTES);
    expect(await screen.findByRole('link', { name: 'Review words' })).toHaveAttribute(
      'href',
      '/french/up-for-review?direction=recognise',
    );
  });

  it('runs the generic quiz on the reverse card too', async () => {
    loggedIn();
    const asked = serveWords('/api/{language}', 'french', [ete]);
    const received = recordAnswers();
    const { user } = renderRoute('/quiz/generic/french?direction=reverse', ROUTES);

    // French's own card is recall (its original quiz shows English): the old name "reverse" is the other one.
    expect(await screen.findByRole('heading', { name: 'French quiz: French → English' })).toBeInTheDocument();
    expect(asked).toEqual(['?limit=45&unlearned=true&direction=recognise']);
    await user.type(screen.getByRole('textbox'), 'summer');
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]?.url.pathname).toBe('/api/french/7');
    expect(received[0]?.body).toMatchObject({ verdict: 'correct', direction: 'recognise' });
  });
});
