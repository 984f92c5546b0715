import type { Word } from '@vocab/api';
import type { LanguageCode } from '@vocab/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  defaultSettings,
  loggedIn,
  makeWord,
  onTouchScreen,
  recordAnswers,
  renderRoute,
  quizFeedback,
  server,
} from '@/test/test-utils';
import '@/test/page-test-hooks';
import { RETRY_MS } from '@/features/quiz/offline/answer-queue';
import { Component } from './language-quiz';
import { fake } from '@/test/api-fakes';

const ROUTES = ['spanish', 'french', 'italian', 'german'].map((code) => ({ path: `/${code}-quiz`, Component }));
const ID = /^[A-Za-z0-9_-]{8,64}$/;

const casa = makeWord({ _id: '1', word: 'casa', translation: 'house; home', article: 'la' });
const perro = makeWord({ _id: '2', word: 'perro', translation: 'dog', article: 'el' });
const ete = makeWord({ _id: '7', word: 'été', translation: 'summer', article: 'le' });
const chateau = makeWord({ _id: '8', word: 'château', translation: 'castle', article: 'le' });

function serveBatches(language: LanguageCode, ...batches: Word[][]) {
  let call = 0;
  server.use(
    fake('GET', '/api/{language}', { language }, () =>
      HttpResponse.json(batches[Math.min(call++, batches.length - 1)]),
    ),
  );
}

const answerField = () => screen.getByRole<HTMLInputElement>('textbox');
const feedbackText = quizFeedback;
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the Spanish quiz', () => {
  it('accepts a correct answer as it is typed, saves it, and moves on after 2 seconds', async () => {
    serveBatches('spanish', [casa, perro]);
    const received = recordAnswers();
    const { user } = renderRoute('/spanish-quiz', ROUTES);

    expect(await screen.findByText('la casa')).toBeInTheDocument();
    expect(screen.getByText(/Translate:/).textContent).toBe('Translate: la casa');
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '2');
    expect(answerField()).toHaveAccessibleName('Answer in English');
    expect(answerField()).toHaveFocus();

    // Spanish mode lower-cases as one types.
    await user.type(answerField(), 'HOME');
    expect(answerField()).toHaveValue('home');
    expect(feedbackText()).toBe('Correct!');
    expect(answerField()).toHaveAttribute('readonly');
    expect(answerField()).toHaveClass('is-correct');
    expect(screen.getByText('Correct!')).toHaveAttribute('aria-live', 'polite');

    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]?.url.pathname).toBe('/api/spanish/1');
    expect(received[0]?.body).toEqual({
      verdict: 'correct',
      typed: 'home',
      answerId: expect.stringMatching(ID),
      sessionId: expect.stringMatching(ID),
      direction: 'recognise',
    });

    await wait(1900);
    expect(screen.getByText('la casa')).toBeInTheDocument();
    expect(screen.getByText('Score: 0')).toBeInTheDocument();
    await wait(150);
    expect(screen.getByText('el perro')).toBeInTheDocument();
    expect(screen.getByText('Score: 1')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect(answerField()).toHaveValue('');
    expect(answerField()).not.toHaveAttribute('readonly');
    expect(answerField()).toHaveFocus();
  });

  it(
    'shows the answer after a wrong one for 2 seconds, ' +
      'as every quiz does, then the next word with the correction kept',
    async () => {
      serveBatches('spanish', [perro, casa]);
      const received = recordAnswers();
      const { user } = renderRoute('/spanish-quiz', ROUTES);

      await user.type(await screen.findByRole('textbox'), 'cat{Enter}');
      expect(feedbackText()).toBe('Incorrect. dog');
      expect(answerField()).toHaveValue('cat');
      expect(answerField()).toHaveAttribute('readonly');
      expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
      // A second Enter during the pause is no second answer.
      await user.keyboard('{Enter}');
      await wait(2000);
      expect(screen.getByText('la casa')).toBeInTheDocument();
      expect(screen.getByText('Score: 0')).toBeInTheDocument();
      expect(answerField()).toHaveValue('');
      expect(answerField()).toHaveFocus();
      // The right answer stays readable under the next word.
      expect(screen.getByText(/^Last answer:/).textContent).toBe(
        'Last answer: el perro → “cat”, incorrect — right answer: dog',
      );
      await waitFor(() => expect(received.map((r) => (r.body as { verdict: string }).verdict)).toEqual(['wrong']));
    },
  );
});

describe('a typo in a short word', () => {
  it('is not forgiven, but the right answer marks the letter that differs', async () => {
    serveBatches('spanish', [makeWord({ _id: '5', word: 'qué', translation: 'what' })]);
    recordAnswers();
    const { user } = renderRoute('/spanish-quiz', ROUTES);

    await user.type(await screen.findByRole('textbox'), 'wat{Enter}');
    expect(feedbackText()).toBe('Incorrect. what');
    expect(answerField()).toHaveAttribute('aria-invalid', 'true');
    const marked = [...document.querySelectorAll('.quiz-feedback mark')].map((m) => m.textContent);
    expect(marked).toEqual(['h']);
  });
});

describe('the French quiz', () => {
  it('shows "Incorrect" and the answer for 2 seconds, then the next word without scoring', async () => {
    serveBatches('french', [ete, chateau]);
    recordAnswers();
    const { user } = renderRoute('/french-quiz', ROUTES);

    // The English is shown; the French is typed.
    expect(await screen.findByText('summer')).toBeInTheDocument();
    expect(answerField()).toHaveAccessibleName('Answer in French');
    await user.type(answerField(), 'hiver{Enter}');
    expect(feedbackText()).toBe("Incorrect Correct: l'été");
    expect(answerField()).toHaveAttribute('readonly');
    await wait(2000);
    expect(screen.getByText('castle')).toBeInTheDocument();
    expect(screen.getByText('Score: 0')).toBeInTheDocument();
    expect(answerField()).toHaveFocus();
  });

  it('accepts a missing accent as almost right and names the right spelling', async () => {
    serveBatches('french', [ete]);
    const received = recordAnswers();
    const { user } = renderRoute('/french-quiz', ROUTES);

    await user.type(await screen.findByRole('textbox'), "l'ete{Enter}");
    expect(feedbackText()).toBe("Almost — mind the accent: l'été");
    expect(answerField()).toHaveClass('is-almost');
    await waitFor(() => expect(received[0]?.body).toMatchObject({ verdict: 'almost', typed: "l'ete" }));
  });

  it('refuses a missing accent when the learner chose strict accents', async () => {
    server.use(fake('GET', '/api/settings', () => HttpResponse.json({ ...defaultSettings, strictAccents: true })));
    serveBatches('french', [ete]);
    const received = recordAnswers();
    const { user } = renderRoute('/french-quiz', ROUTES);

    await user.type(await screen.findByRole('textbox'), "l'ete{Enter}");
    // Wrong, but the mark is named as a forgiven slip would name it.
    expect(feedbackText()).toBe("Incorrect — mind the accent: l'été Correct: l'été");
    await waitFor(() => expect(received[0]?.body).toMatchObject({ verdict: 'wrong', typed: "l'ete" }));
  });

  it('does not forgive a typo that spells another word of the language', async () => {
    // The French quiz expects "le château"; "chapeau" is one letter away but is the word for "hat".
    server.use(
      fake('GET', '/api/{language}/lexicon', () =>
        HttpResponse.json({
          entries: [
            { word: 'château', article: 'le', translations: ['castle'], hint: '' },
            { word: 'chapeau', article: 'le', translations: ['hat'], hint: '' },
          ],
        }),
      ),
    );
    serveBatches('french', [chateau]);
    const received = recordAnswers();
    const { user } = renderRoute('/french-quiz', ROUTES);

    await user.type(await screen.findByRole('textbox'), 'chapeau{Enter}');
    // No accent slip nor typo: another word, and the learner is told which.
    expect(feedbackText()).toBe(
      'Incorrect Correct: le châteauchapeau means ‘hat’ — here you need le château (‘castle’).',
    );
    await waitFor(() => expect(received[0]?.body).toMatchObject({ verdict: 'wrong', typed: 'chapeau' }));
  });

  it('inserts an accent at the caret and keeps the focus in the answer field', async () => {
    serveBatches('french', [chateau]);
    recordAnswers();
    const { user } = renderRoute('/french-quiz', ROUTES);

    await user.type(await screen.findByRole('textbox'), 'chtea');
    answerField().setSelectionRange(2, 2);
    await user.click(screen.getByRole('button', { name: 'Insert â' }));
    expect(answerField()).toHaveValue('châtea');
    expect(answerField()).toHaveFocus();
    expect(answerField().selectionStart).toBe(3);

    await user.keyboard('{End}u');
    expect(feedbackText()).toBe('Correct!');
  });

  it('offers its accents to the keyboard too', async () => {
    serveBatches('french', [ete]);
    const { user } = renderRoute('/french-quiz', ROUTES);

    await screen.findByRole('textbox');
    await user.tab(); // the Check button
    await user.tab(); // the first accent
    expect(screen.getByRole('button', { name: 'Insert à' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(answerField()).toHaveValue('à');
    expect(answerField()).toHaveFocus();
  });

  it('ends with "Quiz over" and the score, and "Practice more" loads the next batch', async () => {
    serveBatches('french', [ete], []);
    recordAnswers();
    const { user } = renderRoute('/french-quiz', ROUTES);

    await user.type(await screen.findByRole('textbox'), 'été');
    await wait(2000);
    expect(screen.getByRole('heading', { name: 'Quiz over' })).toHaveFocus();
    expect(screen.getByText('You got 1 / 1 correct')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to French' })).toHaveAttribute('href', '/french');

    await user.click(screen.getByRole('button', { name: 'Practice more' }));
    expect(await screen.findByText('You have learned every French word we have. Well done!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to French' })).toBeInTheDocument();
  });

  it('asks a visitor at the end, quietly, to sign up to keep the progress; a learner logged in, not', async () => {
    serveBatches('french', [ete]);
    recordAnswers();
    const { user, unmount } = renderRoute('/french-quiz', ROUTES);
    await user.type(await screen.findByRole('textbox'), 'été');
    await wait(2000);
    const nudge = await screen.findByText(/to keep your progress on any device/);
    expect(nudge).toHaveTextContent(
      'Sign up to keep your progress on any device: the words you practised here come with you.',
    );
    expect(within(nudge).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    unmount();
    sessionStorage.clear();

    loggedIn();
    const again = renderRoute('/french-quiz', ROUTES);
    await again.user.type(await screen.findByRole('textbox'), 'été');
    await wait(2000);
    expect(await screen.findByText('You got 1 / 1 correct')).toBeInTheDocument();
    await wait(100);
    expect(screen.queryByText(/to keep your progress/)).not.toBeInTheDocument();
  });

  it('retries an answer the server failed, with the same answerId', async () => {
    serveBatches('french', [ete]);
    const received = recordAnswers((call) => (call < 3 ? 503 : 200));
    const { user } = renderRoute('/french-quiz', ROUTES);

    await user.type(await screen.findByRole('textbox'), 'été');
    await wait(2000);
    await waitFor(() => expect(received).toHaveLength(3));
    const ids = received.map((r) => (r.body as { answerId: string }).answerId);
    expect(new Set(ids).size).toBe(1);
    expect(screen.queryByText(/could not be saved/)).not.toBeInTheDocument();
  });

  it(
    'keeps an answer the server failed, says it waits, ' + 'and sends it again later with the time it was given',
    async () => {
      serveBatches('french', [ete, chateau]);
      let failing = true;
      const received = recordAnswers(() => (failing ? 500 : 200));
      const { user } = renderRoute('/french-quiz', ROUTES);

      await user.type(await screen.findByRole('textbox'), 'été');
      const givenAt = Date.now();
      await wait(2000);
      expect(await screen.findByText('1 answer waiting to be sent. Trying again shortly.')).toBeInTheDocument();
      expect(received).toHaveLength(3);
      expect(received.map((r) => (r.body as { answeredAt?: number }).answeredAt)).toEqual([
        undefined,
        undefined,
        undefined,
      ]);

      failing = false;
      await wait(RETRY_MS);
      await waitFor(() => expect(received).toHaveLength(4));
      const [first, last] = [
        received[0]?.body as { answerId: string },
        received[3]?.body as { answerId: string; answeredAt: number },
      ];
      expect(last.answerId).toBe(first.answerId);
      expect(Math.abs(last.answeredAt - givenAt)).toBeLessThan(1000);
      expect(await screen.findByText('1 answer saved — you’re all caught up.')).toBeInTheDocument();
      expect(screen.queryByText(/could not be saved/)).not.toBeInTheDocument();
    },
  );

  it('has loading, error with Try again, and empty states', async () => {
    let fail = true;
    server.use(
      fake('GET', '/api/{language}', { language: 'french' }, () =>
        fail
          ? HttpResponse.json({ error: { code: 'server_error', message: 'Something went wrong' } }, { status: 500 })
          : HttpResponse.json([]),
      ),
    );
    const { user } = renderRoute('/french-quiz', ROUTES);

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Error loading')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have learned every French word we have. Well done!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review words' })).toHaveAttribute('href', '/french/up-for-review');
  });
});

describe('the Italian quiz', () => {
  it('shows the right answer after a wrong one', async () => {
    serveBatches('italian', [makeWord({ _id: '3', word: 'uomo', translation: 'man', article: 'il' }), casa]);
    recordAnswers();
    const { user } = renderRoute('/italian-quiz', ROUTES);

    await user.type(await screen.findByRole('textbox'), 'donna{Enter}');
    expect(feedbackText()).toBe("Incorrect Correct: l'uomo");
    await wait(2000);
    expect(screen.getByText('house; home')).toBeInTheDocument();
  });
});

describe('the German quiz', () => {
  it('takes the noun with or without its article', async () => {
    serveBatches('german', [makeWord({ _id: '4', word: 'Haus', translation: 'house', article: 'das' })]);
    recordAnswers();
    const { user } = renderRoute('/german-quiz', ROUTES);

    await user.type(await screen.findByRole('textbox'), 'das haus');
    expect(feedbackText()).toBe('Correct!');
  });

  it('says in the prompt that the article is expected, and words its absence as the other near misses', async () => {
    serveBatches('german', [makeWord({ _id: '4', word: 'Haus', translation: 'house', article: 'das' })]);
    recordAnswers();
    const { user } = renderRoute('/german-quiz', ROUTES);

    expect(await screen.findByText('— with its article (der, die, das)', { exact: false })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox'), 'haus{Enter}');
    expect(feedbackText()).toBe('Almost — mind the article: das Haus');
  });
});

describe('shared meanings and touch screens', () => {
  const este = makeWord({ _id: '11', word: 'este', translation: 'this', pos: 'det', hint: 'before a noun' });
  const entries = [
    { word: 'este', article: '', translations: ['this'], hint: 'before a noun' },
    { word: 'esto', article: '', translations: ['this'], hint: 'pronoun, neuter' },
  ];

  it(
    'says which word a shared English prompt wants, ' + 'and takes the other one as also right, recording nothing',
    async () => {
      server.use(fake('GET', '/api/{language}/lexicon', () => HttpResponse.json({ entries })));
      serveBatches('spanish', [este]);
      const received = recordAnswers();
      const { user } = renderRoute('/spanish-quiz?direction=recall', ROUTES);

      expect(await screen.findByText('this')).toBeInTheDocument();
      expect(screen.getByText(/Translate:/).textContent).toBe('Translate: this (before a noun)');
      await user.type(answerField(), 'esto{Enter}');
      expect(feedbackText()).toBe(
        '“esto” means that too, but we were looking for este (‘this’, before a noun): type that one.',
      );
      expect(answerField()).not.toHaveAttribute('aria-invalid');
      await user.clear(answerField());
      await user.type(answerField(), 'este');
      expect(feedbackText()).toBe('Correct!');
      await waitFor(() => expect(received).toHaveLength(1));
      expect(received[0]?.body).toMatchObject({ verdict: 'correct', typed: 'este', direction: 'recall' });
    },
  );

  it('shows no keyboard shortcuts on a touch screen, and keeps "I was right" apart from "Undo"', async () => {
    onTouchScreen();
    serveBatches('french', [ete, chateau]);
    recordAnswers();
    const { user, container } = renderRoute('/french-quiz', ROUTES);
    await user.type(await screen.findByRole('textbox'), 'hiver{Enter}');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I was right' })).toHaveClass('quiz-overrule');
    expect(container.querySelector('kbd')).toBeNull();
    vi.unstubAllGlobals();
  });
});
