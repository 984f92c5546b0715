import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { apiError, asAccount, asVisitor, fake, LANGUAGE_CARDS, languageStats, summary } from '@/test/api-fakes';
import { Component as Landing } from './landing';

// A first visit: nothing practised, so the landing asks for no language's figures.
beforeEach(() =>
  server.use(
    fake('GET', '/api/stats/summary', () =>
      HttpResponse.json(summary({ xp: 0, xpToday: 0, streak: 0, todayAnswers: 0 })),
    ),
  ),
);

const ROUTES = [{ path: '/', Component: Landing }];
const cardOf = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;

describe('the landing page', () => {
  it('greets, shows "Loading..." and then six language cards with their real word counts', async () => {
    server.use(
      asVisitor(),
      fake('GET', '/api/languages', () => HttpResponse.json(LANGUAGE_CARDS)),
    );
    renderRoute('/', ROUTES);

    expect(screen.getByRole('heading', { level: 1, name: 'Hello and welcome...' })).toBeInTheDocument();
    expect(screen.getByText('I want to learn vocabulary for:')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    const spanish = await screen.findByRole('link', { name: /^Spanish/ });
    expect(spanish).toHaveAttribute('href', '/spanish');
    expect(spanish).toHaveTextContent('1,132 words');
    expect(screen.getByRole('link', { name: /German/ })).toHaveTextContent('1,508 words');
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('shows Swedish as coming: "Coming soon...", no word count and no link', async () => {
    server.use(
      asVisitor(),
      fake('GET', '/api/languages', () => HttpResponse.json(LANGUAGE_CARDS)),
    );
    renderRoute('/', ROUTES);

    await screen.findByRole('heading', { name: 'Swedish' });
    const swedish = cardOf('Swedish');
    expect(within(swedish).getByText('Coming soon...')).toBeInTheDocument();
    expect(swedish).not.toHaveTextContent(/words/);
    expect(within(swedish).queryByRole('link')).not.toBeInTheDocument();
  });

  it(
    'says in one line what the app does, ' + 'and offers a visitor one obvious start: practising now, as a guest',
    async () => {
      server.use(
        asVisitor(),
        fake('GET', '/api/languages', () => HttpResponse.json(LANGUAGE_CARDS)),
      );
      const { user } = renderRoute('/', ROUTES);

      expect(screen.getByText(/Learn the words you need by typing them/)).toBeInTheDocument();
      const start = await screen.findByRole('link', { name: 'Start practising Spanish now' });
      expect(start).toHaveClass('btn-primary');
      expect(screen.getByText(/No account needed/)).toBeInTheDocument();
      // Every card says it can be followed, and the only primary button is the start.
      expect(await screen.findByRole('link', { name: /French.*Start practising/ })).toHaveAttribute('href', '/french');
      expect(document.querySelectorAll('.btn-primary')).toHaveLength(1);
      await user.click(start);
      expect(await screen.findByText('Now at /spanish-quiz')).toBeInTheDocument();
    },
  );

  it('offers a visitor "Log in"', async () => {
    server.use(
      asVisitor(),
      fake('GET', '/api/languages', () => HttpResponse.json(LANGUAGE_CARDS)),
    );
    const { user } = renderRoute('/', ROUTES);

    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    expect(await screen.findByText('Now at /login')).toBeInTheDocument();
  });

  it('offers a logged-in learner their languages instead of "Log in"', async () => {
    server.use(
      asAccount(),
      fake('GET', '/api/languages', () => HttpResponse.json(LANGUAGE_CARDS)),
    );
    renderRoute('/', ROUTES);

    expect(await screen.findByRole('link', { name: 'Go to your languages' })).toHaveAttribute('href', '/user-home');
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Start practising Spanish now/ })).not.toBeInTheDocument();
  });

  it('says so when no language is offered', async () => {
    server.use(
      asVisitor(),
      fake('GET', '/api/languages', () => HttpResponse.json([])),
    );
    renderRoute('/', ROUTES);

    expect(await screen.findByText('No languages are offered yet.')).toBeInTheDocument();
  });

  it(
    'says "Error loading" with the reason when the languages cannot be read, ' + 'and recovers on "Try again"',
    async () => {
      let calls = 0;
      server.use(
        asVisitor(),
        fake('GET', '/api/languages', () =>
          ++calls === 1
            ? apiError(500, 'internal', 'Something went wrong on our side.')
            : HttpResponse.json(LANGUAGE_CARDS),
        ),
      );
      const { user } = renderRoute('/', ROUTES);

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Error loading');
      expect(alert).toHaveTextContent('Something went wrong on our side.');
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('link', { name: /Italian/ })).toHaveTextContent('1,100 words');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it(
    'welcomes a returning guest with what they have learned ' + 'and Continue to the language they learned most in',
    async () => {
      server.use(
        asVisitor(),
        fake('GET', '/api/languages', () => HttpResponse.json(LANGUAGE_CARDS)),
        fake('GET', '/api/stats/summary', () => HttpResponse.json(summary({ xp: 120 }))),
        fake('GET', '/api/{language}/stats', ({ params }) => {
          const language = params.language as 'spanish';
          const figures = { spanish: { learnedCount: 12, dueCount: 3 }, german: { learnedCount: 40 } } as Record<
            string,
            object
          >;
          return HttpResponse.json(languageStats(language, { learnedCount: 0, dueCount: 0, ...figures[language] }));
        }),
      );
      renderRoute('/', ROUTES);
      const welcome = await screen.findByText(/Welcome back!/);
      expect(welcome).toHaveTextContent(
        'Welcome back! As a guest you have learned 40 words in German and 12 words in Spanish (3 up for review).',
      );
      expect(screen.getByRole('link', { name: 'Continue German' })).toHaveAttribute('href', '/german');
      expect(screen.queryByRole('link', { name: 'Start practising Spanish now' })).not.toBeInTheDocument();
    },
  );
});
