import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { apiError, asAccount, asVisitor, fake, languageStats, withCharts } from '@/test/api-fakes';
import { Component as LanguageHome } from './language-home';
import { fakeSpeech } from '@/test/fake-speech';

// The router gives the five homes this one screen; it reads the language from the path.
const ROUTES = ['spanish', 'french', 'german', 'italian', 'portuguese'].map((code) => ({
  path: `/${code}`,
  Component: LanguageHome,
}));

// The home asks who is there: a signed-in learner is pointed to the same language in Your languages.
beforeEach(() => server.use(asVisitor()));
afterEach(() => vi.unstubAllGlobals());

/** The browser's speech synthesis, outside the project: a fake with the voices of the given locales. */
const withVoices = (...locales: string[]) => fakeSpeech(locales);

it('points a signed-in learner to the same language in Your languages, and a visitor nowhere else', async () => {
  server.use(
    asAccount(),
    withCharts(),
    fake('GET', '/api/{language}/stats', { language: 'italian' }, () =>
      HttpResponse.json(languageStats('italian', {})),
    ),
  );
  renderRoute('/italian', ROUTES);
  expect(await screen.findByRole('link', { name: 'Your languages: Italian' })).toHaveAttribute(
    'href',
    '/generic/italian',
  );
});
const stepOf = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('li') as HTMLElement;

describe('a language home', () => {
  it('shows "Loading...", then the percent learned, the total and the due count', async () => {
    server.use(
      withCharts(),
      fake('GET', '/api/{language}/stats', { language: 'italian' }, () =>
        HttpResponse.json(languageStats('italian', { learnedCount: 132, percentLearned: 12, dueCount: 7 })),
      ),
    );
    renderRoute('/italian', ROUTES);

    expect(screen.getByRole('heading', { level: 1, name: 'Italian' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('progressbar', { name: 'Words learned' })).toHaveAttribute('aria-valuenow', '12');
    expect(screen.getByText('Words learned:')).toHaveTextContent('Words learned: 12%');
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: 1,100 words, 132 learned');
    expect(screen.getByText(/^Up for review:/)).toHaveTextContent('Up for review: 7 words');
    expect(screen.queryByText(/Nothing is due/)).not.toBeInTheDocument();
  });

  it('says "under 1%" for a few words learned of a large deck, and "an Italian" sentence and word', async () => {
    server.use(
      withCharts(),
      fake('GET', '/api/{language}/stats', { language: 'italian' }, () =>
        HttpResponse.json(languageStats('italian', { learnedCount: 13, percentLearned: 0 })),
      ),
    );
    renderRoute('/italian', ROUTES);
    expect(await screen.findByText('Words learned:')).toHaveTextContent('Words learned: under 1%');
    expect(within(stepOf('In context')).getByText(/sentence with a word left out/)).toHaveTextContent(
      /^Read an Italian sentence/,
    );
    expect(within(stepOf('Listen and type')).getByText(/and type it/)).toHaveTextContent(
      'Hear an Italian word and type it.',
    );
  });

  it(
    "offers the next steps: new words in the quiz's own direction, " +
      'review, the other direction, listening, add words and the charts',
    async () => {
      server.use(
        withCharts(),
        fake('GET', '/api/{language}/stats', { language: 'italian' }, () =>
          HttpResponse.json(languageStats('italian', { dueCount: 7 })),
        ),
      );
      withVoices('it-IT');
      renderRoute('/italian', ROUTES);

      // the Italian quiz shows English; the other card shows Italian.
      const learn = within(
        await screen.findByRole('heading', { level: 2, name: 'New words' }).then(() => stepOf('New words')),
      );
      expect(learn.getByText(/English → Italian/)).toBeInTheDocument();
      expect(learn.getByRole('link', { name: 'Practice vocab' })).toHaveAttribute('href', '/italian-quiz');
      expect(
        within(stepOf('The other way round')).getByRole('link', { name: 'Practice Italian → English' }),
      ).toHaveAttribute('href', '/italian-quiz?direction=recognise');
      expect(within(stepOf('Listen and type')).getByRole('link', { name: 'Practice listening' })).toHaveAttribute(
        'href',
        '/listen/italian',
      );
      // PRODUCT.md §1: Italian's "Review words" goes to its own review, not Spanish's; with words due it is the main
      // action.
      const review = within(stepOf('Review')).getByRole('link', { name: 'Review words' });
      expect(review).toHaveAttribute('href', '/italian/up-for-review');
      expect(review).toHaveClass('btn-primary');
      expect(screen.getByRole('link', { name: 'Add words' })).toHaveAttribute('href', '/italian-add-words');
      expect(screen.getByRole('link', { name: 'Your progress charts' })).toHaveAttribute('href', '/stats/italian');
    },
  );

  it('says plainly that the browser has no voice for the language, where it would offer listening', async () => {
    server.use(
      withCharts(),
      fake('GET', '/api/{language}/stats', { language: 'italian' }, () =>
        HttpResponse.json(languageStats('italian', {})),
      ),
    );
    withVoices('en-US', 'fr-FR');
    renderRoute('/italian', ROUTES);
    await screen.findByRole('heading', { level: 2, name: 'Listen and type' });
    const listen = within(stepOf('Listen and type'));
    expect(
      await listen.findByText('Your browser has no Italian voice, so it cannot say the words.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(listen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("names Spanish's directions the other way round, as its quiz shows Spanish", async () => {
    server.use(
      withCharts(),
      fake('GET', '/api/{language}/stats', { language: 'spanish' }, () =>
        HttpResponse.json(languageStats('spanish', { learnedCount: 3 })),
      ),
    );
    renderRoute('/spanish', ROUTES);

    expect(await screen.findByRole('link', { name: 'Practice English → Spanish' })).toHaveAttribute(
      'href',
      '/spanish-quiz?direction=recall',
    );
    expect(within(stepOf('New words')).getByText(/Spanish → English/)).toBeInTheDocument();
  });

  it('gives every language its own figures and links, "Add words" included', async () => {
    server.use(
      withCharts(),
      fake('GET', '/api/{language}/stats', { language: 'german' }, () =>
        HttpResponse.json(languageStats('german', { totalWords: 1508, learnedCount: 1, dueCount: 1 })),
      ),
    );
    renderRoute('/german', ROUTES);

    expect(await screen.findByText(/^Up for review:/)).toHaveTextContent('Up for review: 1 word');
    expect(screen.getByRole('heading', { level: 1, name: 'German' })).toBeInTheDocument();
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: 1,508 words, 1 learned');
    expect(screen.getByRole('link', { name: 'Practice German → English' })).toHaveAttribute(
      'href',
      '/german-quiz?direction=recognise',
    );
    expect(screen.getByRole('link', { name: 'Review words' })).toHaveAttribute('href', '/german/up-for-review');
    expect(screen.getByRole('link', { name: 'Add words' })).toHaveAttribute('href', '/german-add-words');
  });

  it('says when nothing is learned or due yet, when the next review opens, and still links the review', async () => {
    const inFiveMinutes = Date.now() + 5 * 60_000 + 1_000;
    server.use(
      withCharts({ nextDueAt: inFiveMinutes }),
      fake('GET', '/api/{language}/stats', { language: 'spanish' }, () => HttpResponse.json(languageStats('spanish'))),
    );
    renderRoute('/spanish', ROUTES);

    expect(await screen.findByText(/^Up for review:/)).toHaveTextContent('Up for review: 0 words');
    expect(screen.getByText('Words learned:')).toHaveTextContent('Words learned: 0%');
    expect(screen.getByText('No words learned yet: start with Practice vocab.')).toBeInTheDocument();
    expect(await screen.findByText(/The next review opens in 5 minutes\./)).toHaveTextContent(
      /^Nothing is due right now/,
    );
    expect(screen.getByRole('link', { name: 'Review words' })).toHaveAttribute('href', '/spanish/up-for-review');
  });

  it('offers to add words when the deck has none', async () => {
    server.use(
      withCharts(),
      fake('GET', '/api/{language}/stats', { language: 'portuguese' }, () =>
        HttpResponse.json(languageStats('portuguese', { totalWords: 0 })),
      ),
    );
    renderRoute('/portuguese', ROUTES);

    expect(await screen.findByText(/no Portuguese words to learn yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add words' })).toHaveAttribute('href', '/portuguese-add-words');
    expect(screen.queryByRole('link', { name: 'Practice vocab' })).not.toBeInTheDocument();
  });

  it('says "Error loading" with the reason when the figures cannot be read, and recovers on "Try again"', async () => {
    let calls = 0;
    server.use(
      withCharts(),
      fake('GET', '/api/{language}/stats', { language: 'french' }, () =>
        ++calls === 1
          ? apiError(500, 'internal', 'Something went wrong on our side.')
          : HttpResponse.json(languageStats('french', { dueCount: 2 })),
      ),
    );
    const { user } = renderRoute('/french', ROUTES);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    expect(screen.queryByRole('link', { name: 'Practice vocab' })).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^Up for review:/)).toHaveTextContent('Up for review: 2 words');
  });
});

describe("a language home's levels of the deck", () => {
  const bands = (startRank: number, learned: number[]) => ({
    deckSize: 1200,
    bandSize: 500,
    startRank,
    bands: [
      { first: 1, last: 500, words: 500, learned: learned[0] ?? 0 },
      { first: 501, last: 1000, words: 500, learned: learned[1] ?? 0 },
      { first: 1001, last: 1200, words: 200, learned: learned[2] ?? 0 },
    ],
  });

  it(
    'shows each band of the deck with the share known in words, ' +
      'marks where new words come from, and starts the next band early',
    async () => {
      let started: unknown = null;
      server.use(
        withCharts(),
        fake('GET', '/api/{language}/stats', { language: 'german' }, () =>
          HttpResponse.json(languageStats('german', { learnedCount: 130 })),
        ),
        fake('GET', '/api/{language}/bands', { language: 'german' }, () => HttpResponse.json(bands(1, [130]))),
        fake('POST', '/api/{language}/bands/start', { language: 'german' }, async ({ request }) => {
          started = await request.json();
          return HttpResponse.json(bands(501, [130]));
        }),
      );
      const { user } = renderRoute('/german', ROUTES);

      const section = within(await screen.findByRole('region', { name: 'Levels of the deck' }));
      const items = section.getAllByRole('listitem');
      expect(items.map((li) => li.textContent)).toEqual([
        'Words 1–500130 of 500 known (26%)New words come from here',
        'Words 501–1,0000 of 500 known (0%)',
        'Words 1,001–1,2000 of 200 known (0%)',
      ]);
      expect(items[0]).toHaveAttribute('aria-current', 'step');
      expect(section.getByRole('progressbar', { name: 'Words 1–500 known' })).toHaveAttribute('aria-valuenow', '26');
      await user.click(section.getByRole('button', { name: 'Start words 501–1,000' }));
      expect(started).toEqual({ first: 501 });
      // What changed, where the button was: the next level's button is not there to take a second tap.
      expect(await section.findByRole('status')).toHaveTextContent('New words now come from words 501–1,000.');
      expect(section.queryByRole('button', { name: /^Start words/ })).toBeNull();
      expect(section.getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'step');
      expect(section.getByRole('button', { name: 'Take new words from the first word again' })).toBeInTheDocument();
    },
  );

  it('says so when the levels cannot be read, and the rest of the home stays', async () => {
    server.use(
      withCharts(),
      fake('GET', '/api/{language}/stats', { language: 'french' }, () =>
        HttpResponse.json(languageStats('french', {})),
      ),
      fake('GET', '/api/{language}/bands', { language: 'french' }, () =>
        apiError(500, 'internal', 'Something went wrong on our side.'),
      ),
    );
    renderRoute('/french', ROUTES);
    expect(await screen.findByText("Error loading the deck's levels")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Practice vocab' })).toBeInTheDocument();
  });
});
