import type { PlacementAnswer, PlacementStep } from '@vocab/api';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onTouchScreen, renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { apiError, asVisitor, fake, languageStats, type Reply, withCharts } from '@/test/api-fakes';
import { Component as LanguageHome } from './language-home';
import { Component as Placement } from './language-placement';

const ROUTES = [
  { path: '/placement/:language', Component: Placement },
  { path: '/spanish', Component: LanguageHome },
];
const WORDS = [
  { id: 1, prompt: 'que', hint: '' },
  { id: 2, prompt: 'de', hint: '' },
  { id: 3, prompt: 'no', hint: '' },
  { id: 4, prompt: 'a', hint: '' },
];
const RESULT = { level: 302, deckSize: 1162, marked: 298, takenAt: 0 };

/** A test of one step of four words, then done; records every body sent. */
function fakeTest({
  next = (): Reply<'POST', '/api/{language}/placement/next'> =>
    HttpResponse.json({ done: true, asked: 4, maxPrompts: 36 } satisfies PlacementStep),
} = {}) {
  const sent: Array<[string, PlacementAnswer[]]> = [];
  server.use(
    fake('POST', '/api/{language}/placement/next', { language: 'spanish' }, async ({ request }) => {
      const { answers } = (await request.json()) as { answers: PlacementAnswer[] };
      sent.push(['next', answers]);
      return answers.length === 0
        ? HttpResponse.json({
            done: false,
            words: WORDS,
            asked: 0,
            maxPrompts: 36,
            expectedPrompts: 16,
          } satisfies PlacementStep)
        : next();
    }),
    fake('POST', '/api/{language}/placement', { language: 'spanish' }, async ({ request }) => {
      sent.push(['finish', ((await request.json()) as { answers: PlacementAnswer[] }).answers]);
      return HttpResponse.json(RESULT);
    }),
  );
  return sent;
}

describe('the placement test', () => {
  it(
    'asks each word with Enter to answer, "I don\'t know" by button, ' +
      'Escape or an empty Enter, then shows the level and the way on',
    async () => {
      const sent = fakeTest();
      const { user } = renderRoute('/placement/spanish', ROUTES);
      expect(screen.getByRole('heading', { level: 1, name: 'Spanish: find your level' })).toBeInTheDocument();

      expect(await screen.findByText('que')).toHaveAttribute('lang', expect.stringMatching(/^es/) as string);
      const field = screen.getByLabelText('In English');
      expect(field).toHaveFocus();
      expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute(
        'aria-valuetext',
        'Word 1, of about 16',
      );
      // No promise of 36 words to a test that may end after 16.
      expect(screen.getByText('Word 1')).toBeInTheDocument();
      expect(screen.queryByText(/\/ 36/)).not.toBeInTheDocument();
      await user.type(field, 'that{Enter}');
      expect(await screen.findByText('de')).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute(
        'aria-valuetext',
        'Word 2, of about 16',
      );
      await user.click(screen.getByRole('button', { name: /I don't know/ }));
      expect(await screen.findByText('no')).toBeInTheDocument();
      await user.type(screen.getByLabelText('In English'), 'nn{Escape}');
      expect(await screen.findByText('a')).toBeInTheDocument();
      expect(screen.getByLabelText('In English')).toHaveValue('');
      await user.type(screen.getByLabelText('In English'), '{Enter}');

      const result = await screen.findByRole('heading', {
        level: 2,
        name: 'About 300 of the 1,162 most common Spanish words',
      });
      const card = within(result.closest('section') as HTMLElement);
      expect(card.getByText(/298 words are marked as known/)).toBeInTheDocument();
      expect(card.getByRole('link', { name: 'Start learning' })).toHaveAttribute('href', '/spanish-quiz');
      const answers = [
        { wordId: 1, typed: 'that' },
        { wordId: 2, typed: null },
        { wordId: 3, typed: null },
        { wordId: 4, typed: null },
      ];
      expect(sent).toEqual([
        ['next', []],
        ['next', answers],
        ['finish', answers],
      ]);
    },
  );

  it('keeps the answers when the next words fail to load, and goes on with Try again', async () => {
    let fail = true;
    const sent = fakeTest({
      next: () =>
        fail
          ? apiError(503, 'database_unavailable', 'The service is busy.')
          : HttpResponse.json({ done: true, asked: 4, maxPrompts: 36 }),
    });
    const { user } = renderRoute('/placement/spanish', ROUTES);
    await screen.findByText('que');
    for (let i = 0; i < 4; i++) await user.click(screen.getByRole('button', { name: /I don't know/ }));

    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Error loading the next words');
    expect(error).toHaveTextContent('Your answers so far are kept.');
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: /About 300/ })).toBeInTheDocument();
    expect(sent.at(-1)?.[1]).toHaveLength(4);
  });

  it('shows the Escape key on "I don\'t know" only where there is a keyboard', async () => {
    fakeTest();
    const desktop = renderRoute('/placement/spanish', ROUTES);
    expect(
      await within(await screen.findByRole('button', { name: /I don't know/ })).findByText('Esc'),
    ).toBeInTheDocument();
    desktop.unmount();
    onTouchScreen();
    const phone = renderRoute('/placement/spanish', ROUTES);
    expect(await screen.findByRole('button', { name: /I don't know/ })).toBeInTheDocument();
    expect(phone.container.querySelector('kbd')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('says so when the language has no words to test', async () => {
    server.use(
      fake('POST', '/api/{language}/placement/next', { language: 'spanish' }, () =>
        HttpResponse.json({ done: true, asked: 0, maxPrompts: 0 }),
      ),
    );
    renderRoute('/placement/spanish', ROUTES);
    expect(await screen.findByText(/There are no Spanish words to test yet/)).toBeInTheDocument();
  });
});

describe('the placement test on a language home', () => {
  // The home asks who is there (a signed-in learner gets a link to the same language in Your languages).
  beforeEach(() => server.use(asVisitor()));

  it('is offered to a learner with no progress, with no second way into the quiz beside New words', async () => {
    server.use(
      withCharts(),
      fake('GET', '/api/{language}/stats', { language: 'spanish' }, () =>
        HttpResponse.json(languageStats('spanish', { learnedCount: 0, dueCount: 0 })),
      ),
    );
    renderRoute('/spanish', ROUTES);
    const offer = within(
      (await screen.findByRole('heading', { level: 2, name: 'Already know some Spanish?' })).closest(
        'section',
      ) as HTMLElement,
    );
    expect(offer.getByText(/about 3 minutes/)).toBeInTheDocument();
    expect(offer.getByRole('link', { name: 'Find your level' })).toHaveAttribute('href', '/placement/spanish');
    expect(offer.queryByRole('link', { name: 'Start from the first word' })).not.toBeInTheDocument();
    // One entry to the quiz on the whole home.
    expect(screen.getAllByRole('link').filter((l) => l.getAttribute('href') === '/spanish-quiz')).toHaveLength(1);
  });

  it('is a link only, not the offer, for a learner who has progress and never took it', async () => {
    server.use(
      withCharts(),
      fake('GET', '/api/{language}/stats', { language: 'spanish' }, () =>
        HttpResponse.json(languageStats('spanish', { learnedCount: 12, dueCount: 3 })),
      ),
    );
    renderRoute('/spanish', ROUTES);
    expect(await screen.findByRole('link', { name: 'Take the placement test' })).toHaveAttribute(
      'href',
      '/placement/spanish',
    );
    expect(screen.queryByRole('heading', { name: 'Already know some Spanish?' })).not.toBeInTheDocument();
  });

  it('shows the last result with a redo once the test was taken, and no offer', async () => {
    server.use(
      withCharts(),
      fake('GET', '/api/{language}/stats', { language: 'spanish' }, () =>
        HttpResponse.json(languageStats('spanish', { learnedCount: 298 })),
      ),
      fake('GET', '/api/{language}/placement', { language: 'spanish' }, () => HttpResponse.json({ result: RESULT })),
    );
    renderRoute('/spanish', ROUTES);
    expect(await screen.findByText(/You know about/)).toHaveTextContent(
      'You know about 300 of the most common Spanish words.',
    );
    expect(screen.getByRole('link', { name: 'Redo the placement test' })).toHaveAttribute('href', '/placement/spanish');
    expect(screen.queryByRole('heading', { name: 'Already know some Spanish?' })).not.toBeInTheDocument();
  });
});
