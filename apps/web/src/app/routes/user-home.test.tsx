import type { UserLanguage } from '@vocab/api';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { apiError, asAccount, asVisitor, fake, summary, userLanguage } from '@/test/api-fakes';
import { Component as UserHome } from './user-home';

const ROUTES = [{ path: '/user-home', Component: UserHome }];
const withSummary = (fields = {}) => fake('GET', '/api/stats/summary', () => HttpResponse.json(summary(fields)));
const withLanguages = (records: UserLanguage[]) =>
  fake('GET', '/api/users/languages/{userId}', { userId: 'u1' }, () => HttpResponse.json(records));

describe('the user home', () => {
  it(
    'shows "Loading...", then the learner\'s languages with their words learned and due, ' +
      'each linking to its review when words are due, else to its home',
    async () => {
      server.use(
        asAccount(),
        withSummary(),
        withLanguages([
          userLanguage('french', { percentLearned: 40, learnedCount: 440 }),
          userLanguage('italian', { totalWords: 1100, learnedCount: 1100, percentLearned: 100, dueCount: 0 }),
        ]),
      );
      renderRoute('/user-home', ROUTES);

      expect(screen.getByRole('status')).toHaveTextContent('Loading...');
      expect(await screen.findByRole('heading', { level: 1, name: 'Hello, ana' })).toBeInTheDocument();
      const french = await screen.findByRole('link', { name: /French/ });
      expect(french).toHaveAttribute('href', '/review/generic/french');
      expect(french).toHaveTextContent('440 / 1,100 words · 2 up for review');
      expect(within(french).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
      expect(screen.getByRole('link', { name: /Italian/ })).toHaveAttribute('href', '/generic/italian');
      // A card with words due says so; every card has its flag, drawn inline.
      expect(french).toHaveTextContent('Review now');
      expect(screen.getByRole('link', { name: /Italian/ })).toHaveTextContent('Continue');
      expect(french.querySelector('svg.language-flag')).toHaveAttribute('aria-hidden', 'true');
      expect(screen.queryByText('No languages added yet')).not.toBeInTheDocument();
    },
  );

  it('says "No languages added yet" and offers "+ add"', async () => {
    server.use(asAccount(), withSummary(), withLanguages([]));
    const { user } = renderRoute('/user-home', ROUTES);

    expect(await screen.findByText('No languages added yet')).toBeInTheDocument();
    // A newcomer learns how a language gets here: practising one adds it.
    expect(screen.getByText(/the ones you practise appear here/)).toBeInTheDocument();
    const add = screen.getByRole('link', { name: 'Add a language' });
    expect(add).toHaveTextContent('+ add');
    await user.click(add);
    expect(await screen.findByText('Now at /add-language')).toBeInTheDocument();
  });

  it("shows the streak, today's answers against the daily goal, and XP", async () => {
    server.use(
      asAccount(),
      withSummary({ streak: 1, todayAnswers: 25, dailyGoal: 20, goalMet: true, xp: 1340, xpToday: 60 }),
      withLanguages([]),
    );
    renderRoute('/user-home', ROUTES);

    const panel = await screen.findByRole('region', { name: 'Your progress today' });
    expect(panel).toHaveTextContent('1 day in a row');
    expect(panel).toHaveTextContent('1340 XP (+60 today)');
    expect(panel).toHaveTextContent('Daily goal: 20 / 20 answers — done!');
    expect(within(panel).getByRole('progressbar', { name: 'Daily goal' })).toHaveAttribute('aria-valuenow', '100');
  });

  it('says "Error loading" when the languages cannot be read, and recovers on "Try again"', async () => {
    let calls = 0;
    server.use(
      asAccount(),
      withSummary(),
      fake('GET', '/api/users/languages/{userId}', { userId: 'u1' }, () =>
        ++calls === 1
          ? apiError(500, 'internal', 'Something went wrong on our side.')
          : HttpResponse.json([userLanguage('german')]),
      ),
    );
    const { user } = renderRoute('/user-home', ROUTES);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /German/ })).toHaveAttribute('href', '/review/generic/german');
  });

  it('still lists the languages when the streak cannot be read', async () => {
    server.use(
      asAccount(),
      fake('GET', '/api/stats/summary', () => HttpResponse.error()),
      withLanguages([userLanguage('spanish')]),
    );
    renderRoute('/user-home', ROUTES);

    expect(await screen.findByRole('alert')).toHaveTextContent('Your streak, daily goal and XP could not be read.');
    expect(await screen.findByRole('link', { name: /Spanish/ })).toBeInTheDocument();
  });

  it('sends a visitor to login, to come back afterwards', async () => {
    server.use(asVisitor());
    renderRoute('/user-home', ROUTES);

    expect(await screen.findByText('Now at /login?next=%2Fuser-home')).toBeInTheDocument();
  });
});
