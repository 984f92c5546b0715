import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Component } from './language-stats';

const days = (n: number, start: string, count: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => ({ date: new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10), count: count(i) }));

const progress = {
  learnedOverTime: days(90, '2026-01-01', (i) => Math.floor(i / 10)),
  reviewsPerDay: days(90, '2026-01-01', (i) => (i % 7 === 0 ? 0 : 3)),
  retention: { desired: 0.9, actual: 0.86, reviews: 50 },
  forecast: days(30, '2026-03-31', (i) => (i < 3 ? 4 : 0)),
};

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/stats/:language', Component }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the language stats page', () => {
  it('shows words learned, answers per day, retention against the aim, and the forecast', async () => {
    server.use(http.get('/api/spanish/progress', ({ request }) => {
      expect(new URL(request.url).searchParams.get('tz')).toBeTruthy();
      return HttpResponse.json(progress);
    }));
    renderAt('/stats/spanish');
    expect(await screen.findByRole('heading', { name: 'Spanish progress' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Words learned over the last 90 days, now 8' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: `Answers per day over the last 90 days, ${77 * 3} in all` })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Reviews due in the next 30 days, 12 in all' })).toBeInTheDocument();
    expect(screen.getByText(/You remembered/)).toHaveTextContent('You remembered 86% of 50 reviews (aim: 90%).');
    const table = screen.getByRole('table', { name: 'Reviews due' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
  });

  it('says when there is nothing to measure retention on yet', async () => {
    server.use(http.get('/api/french/progress', () => HttpResponse.json({ ...progress, retention: { desired: 0.9, actual: null, reviews: 0 } })));
    renderAt('/stats/french');
    expect(await screen.findByText(/No reviews of learned words in the last 30 days yet/)).toBeInTheDocument();
  });

  it('has an error state with Try again, and a 404 for unknown languages', async () => {
    server.use(http.get('/api/german/progress', () => HttpResponse.json({ error: { code: 'internal', message: 'Something went wrong on our side.' } }, { status: 500 })));
    renderAt('/stats/german');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('answers an unknown language with the 404 page', () => {
    renderAt('/stats/klingon');
    expect(screen.getByRole('heading', { name: 'Error 404 Page Not Found' })).toBeInTheDocument();
  });
});
