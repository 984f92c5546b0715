import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute, server, setupQuizTests } from '@/features/quiz/test-utils';
import { apiError, asAccount, asVisitor, userLanguage } from '@/test/api-fakes';
import { Component as GenericLanguage } from './generic-language';

setupQuizTests();

const ROUTES = [{ path: '/generic/:language', Component: GenericLanguage }];

describe('the generic language home', () => {
  it('shows "Loading...", then a breadcrumb, the percent, the total and the two buttons', async () => {
    server.use(asAccount(), http.get('/api/users/languages/u1/languages/german', () => HttpResponse.json([userLanguage('german', { totalWords: 1508, percentLearned: 9, dueCount: 3 })])));
    renderRoute('/generic/german', ROUTES);

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText('Total words:')).toHaveTextContent('Total words: 1,508');
    expect(screen.getByRole('heading', { level: 1, name: 'German' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Your languages' })).toHaveAttribute('href', '/user-home');
    expect(within(breadcrumb).getByText('German')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('progressbar', { name: 'Words learned' })).toHaveAttribute('aria-valuenow', '9');
    expect(screen.getByText('Up for review:')).toHaveTextContent('Up for review: 3 words');
    expect(screen.getByRole('link', { name: 'Learn new words' })).toHaveAttribute('href', '/quiz/generic/german');
    expect(screen.getByRole('link', { name: 'Review words' })).toHaveAttribute('href', '/review/generic/german');
  });

  it('offers to add a language that is not the account\'s yet', async () => {
    server.use(asAccount(), http.get('/api/users/languages/u1/languages/french', () => apiError(404, 'not_found', 'That language was not found.')));
    renderRoute('/generic/french', ROUTES);

    expect(await screen.findByText(/French is not among your languages yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add it' })).toHaveAttribute('href', '/add-language');
    expect(screen.queryByRole('link', { name: 'Learn new words' })).not.toBeInTheDocument();
  });

  it('says "Error loading" when the figures cannot be read, and recovers on "Try again"', async () => {
    let calls = 0;
    server.use(
      asAccount(),
      http.get('/api/users/languages/u1/languages/italian', () =>
        ++calls === 1 ? apiError(500, 'internal', 'Something went wrong on our side.') : HttpResponse.json([userLanguage('italian')]),
      ),
    );
    const { user } = renderRoute('/generic/italian', ROUTES);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Learn new words' })).toHaveAttribute('href', '/quiz/generic/italian');
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
