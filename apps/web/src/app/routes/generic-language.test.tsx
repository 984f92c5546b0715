import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { apiError, asAccount, asVisitor, fake, languageStats, userLanguage, withCharts } from '@/test/api-fakes';
import { Component as LanguageHome } from './language-home';
import { Component as GenericLanguage } from './generic-language';

const ROUTES = [{ path: '/generic/:language', Component: GenericLanguage }];

describe('the generic language home', () => {
  it('shows "Loading...", then a breadcrumb, the percent, the total and the two buttons', async () => {
    server.use(
      withCharts(),
      asAccount(),
      fake('GET', '/api/users/languages/{userId}', { userId: 'u1' }, () =>
        HttpResponse.json([userLanguage('german', { totalWords: 1508, percentLearned: 9, dueCount: 3 })]),
      ),
    );
    renderRoute('/generic/german', ROUTES);

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText(/^Total:/)).toHaveTextContent('Total: 1,508 words, 55 learned');
    expect(screen.getByRole('heading', { level: 1, name: 'German' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Your languages' })).toHaveAttribute('href', '/user-home');
    expect(within(breadcrumb).getByText('German')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('progressbar', { name: 'Words learned' })).toHaveAttribute('aria-valuenow', '9');
    expect(screen.getByText('Up for review:')).toHaveTextContent('Up for review: 3 words');
    expect(screen.getByRole('link', { name: 'Learn new words' })).toHaveAttribute('href', '/quiz/generic/german');
    expect(screen.getByRole('link', { name: 'Review words' })).toHaveAttribute('href', '/review/generic/german');
  });

  it('is the same home as /spanish: the same figures and next steps, linking the generic quiz and review', async () => {
    const figures = { totalWords: 1160, learnedCount: 12, percentLearned: 1, dueCount: 4 };
    server.use(
      withCharts(),
      asAccount(),
      fake('GET', '/api/{language}/stats', { language: 'spanish' }, () =>
        HttpResponse.json(languageStats('spanish', figures)),
      ),
      fake('GET', '/api/users/languages/{userId}', { userId: 'u1' }, () =>
        HttpResponse.json([userLanguage('spanish', figures)]),
      ),
    );
    const shown = async (url: string) => {
      const view = renderRoute(url, [...ROUTES, { path: '/spanish', Component: LanguageHome }]);
      await screen.findByText(/^Total:/);
      const seen = {
        figures: [
          screen.getByText(/^Total:/).textContent,
          screen.getByText(/^Up for review:/).textContent,
          screen.getByText(/^Words learned:/).textContent,
        ],
        steps: screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent),
        links: screen.getAllByRole('link').map((a) => `${a.textContent} ${a.getAttribute('href')}`),
      };
      view.unmount();
      return seen;
    };

    const own = await shown('/spanish');
    const generic = await shown('/generic/spanish');
    expect(generic.figures).toEqual(own.figures);
    expect(generic.figures).toEqual(['Total: 1,160 words, 12 learned', 'Up for review: 4 words', 'Words learned: 1%']);
    expect(generic.steps).toEqual(own.steps);
    expect(own.links).toEqual(
      expect.arrayContaining([
        'Practice vocab /spanish-quiz',
        'Review words /spanish/up-for-review',
        'Practice English → Spanish /spanish-quiz?direction=recall',
        'Your progress charts /stats/spanish',
      ]),
    );
    expect(generic.links).toEqual(
      expect.arrayContaining([
        'Learn new words /quiz/generic/spanish',
        'Review words /review/generic/spanish',
        'Practice English → Spanish /quiz/generic/spanish?direction=recall',
        'Your progress charts /stats/spanish',
      ]),
    );
  });

  it("offers to add a language that is not the account's yet", async () => {
    server.use(
      asAccount(),
      fake('GET', '/api/users/languages/{userId}', { userId: 'u1' }, () => HttpResponse.json([userLanguage('german')])),
    );
    renderRoute('/generic/french', ROUTES);

    expect(await screen.findByText(/French is not among your languages yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add it' })).toHaveAttribute('href', '/add-language');
    expect(screen.queryByRole('link', { name: 'Learn new words' })).not.toBeInTheDocument();
  });

  it('says "Error loading" when the figures cannot be read, and recovers on "Try again"', async () => {
    let calls = 0;
    server.use(
      withCharts(),
      asAccount(),
      fake('GET', '/api/users/languages/{userId}', { userId: 'u1' }, () =>
        ++calls === 1
          ? apiError(500, 'internal', 'Something went wrong on our side.')
          : HttpResponse.json([userLanguage('italian')]),
      ),
    );
    const { user } = renderRoute('/generic/italian', ROUTES);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Learn new words' })).toHaveAttribute(
      'href',
      '/quiz/generic/italian',
    );
  });

  it('shows the 404 content for a language that is not offered', async () => {
    server.use(asAccount());
    renderRoute('/generic/klingon', ROUTES);

    expect(await screen.findByRole('heading', { name: 'Error 404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
  });

  it('sends a visitor to login, to come back afterwards', async () => {
    server.use(asVisitor());
    renderRoute('/generic/spanish', ROUTES);

    expect(await screen.findByText('Now at /login?next=%2Fgeneric%2Fspanish')).toBeInTheDocument();
  });
});
