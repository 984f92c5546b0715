import { DEFAULT_DESIRED_RETENTION } from '@vocab/core';
import type { MemoryModel } from '@vocab/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Component } from './language-stats';
import { fake } from '@/test/api-fakes';

const days = (n: number, start: string, count: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    count: count(i),
  }));

const charts = {
  learnedOverTime: days(90, '2026-01-01', (i) => Math.floor(i / 10)),
  reviewsPerDay: days(90, '2026-01-01', (i) => (i % 7 === 0 ? 0 : 3)),
  retention: { desired: DEFAULT_DESIRED_RETENTION, actual: 0.86, reviews: 50 },
  forecast: days(30, '2026-03-31', (i) => (i < 3 ? 4 : 0)),
  dueNow: 0,
  nextDueAt: null as number | null,
};

const defaultsModel: MemoryModel = {
  status: 'defaults',
  version: 0,
  fittedAt: null,
  reviewCount: 12,
  reviewsForFirstFit: 40,
  desiredRetention: DEFAULT_DESIRED_RETENTION,
  parameters: null,
  report: null,
  tooFewUsable: null,
};
const fittedModel: MemoryModel = {
  ...defaultsModel,
  status: 'fitted',
  version: 2,
  fittedAt: Date.UTC(2026, 2, 20),
  reviewCount: 2400,
  parameters: Array.from({ length: 21 }, () => 0.5),
  report: {
    reviews: 2340,
    items: 2100,
    logLoss: { fitted: 0.312, defaults: 0.418 },
    calibration: [
      { from: 0.7, to: 0.8, reviews: 120, predicted: 0.76, actual: 0.74 },
      { from: 0.9, to: 0.95, reviews: 900, predicted: 0.92, actual: 0.91 },
    ],
    workload: [
      { retention: 0.8, fitted: 18.2, defaults: 24 },
      { retention: 0.85, fitted: 23.4, defaults: 31 },
      { retention: 0.9, fitted: 31.2, defaults: 42.4 },
      { retention: 0.95, fitted: 55, defaults: 70 },
      { retention: 0.97, fitted: 80, defaults: 99 },
    ],
    recommendedRetention: 0.85,
    retentionCorrection: 0.04,
    cardsRescheduled: 37,
  },
};

// Every page load asks who is logged in and for the language's memory model; tests override what they look at.
const server = setupServer(
  fake('GET', '/api/auth/session', () => HttpResponse.json({ user: null })),
  fake('GET', '/api/{language}/memory-model', () => HttpResponse.json(defaultsModel)),
);
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
    server.use(
      fake('GET', '/api/{language}/progress', { language: 'spanish' }, ({ request }) => {
        expect(new URL(request.url).searchParams.get('tz')).toBeTruthy();
        return HttpResponse.json(charts);
      }),
    );
    renderAt('/stats/spanish');
    expect(await screen.findByRole('heading', { name: 'Spanish progress' })).toBeInTheDocument();
    // From the day before the first word learned (day 10 of 90) on.
    expect(await screen.findByRole('img', { name: 'Words learned over the last 81 days, now 8' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: `Answers per day over the last 90 days: ${77 * 3} answers on 77 days, at most 3 in a day.`,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Reviews due in the next 30 days, 12 in all' })).toBeInTheDocument();
    expect(screen.getByText(/You remembered/)).toHaveTextContent('You remembered 86% of 50 reviews (aim: 90%).');
    const table = screen.getByRole('table', { name: 'Reviews due' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(screen.getByRole('link', { name: 'See, edit or delete your Spanish words' })).toHaveAttribute(
      'href',
      '/own-words/spanish',
    );
  });

  it("draws a new learner's words learned over two weeks, not three months of zeros", async () => {
    const learnedToday = days(90, '2026-01-01', (i) => (i === 89 ? 12 : 0));
    server.use(
      fake('GET', '/api/{language}/progress', { language: 'italian' }, () =>
        HttpResponse.json({ ...charts, learnedOverTime: learnedToday }),
      ),
    );
    renderAt('/stats/italian');
    expect(await screen.findByRole('img', { name: 'Words learned over the last 14 days, now 12' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Words learned' });
    expect(within(table).getAllByRole('row')).toHaveLength(15);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('2026-03-18');
  });

  it(
    'says there is nothing to chart yet, with the way to the quiz, ' + 'for a learner who has learned no word',
    async () => {
      const nothingLearned = days(90, '2026-01-01', () => 0);
      server.use(
        fake('GET', '/api/{language}/progress', { language: 'spanish' }, () =>
          HttpResponse.json({ ...charts, learnedOverTime: nothingLearned }),
        ),
      );
      renderAt('/stats/spanish');
      const learned = await screen.findByRole('region', { name: 'Words learned' });
      expect(within(learned).getByText(/Nothing to chart yet/)).toBeInTheDocument();
      expect(within(learned).getByRole('link', { name: 'Start the quiz' })).toHaveAttribute('href', '/spanish-quiz');
      // No flat line at zero, and no table of zeros behind it.
      expect(within(learned).queryByRole('img')).not.toBeInTheDocument();
      expect(within(learned).queryByRole('table')).not.toBeInTheDocument();
    },
  );

  it('says when there is nothing to measure retention on yet', async () => {
    server.use(
      fake('GET', '/api/{language}/progress', { language: 'french' }, () =>
        HttpResponse.json({ ...charts, retention: { desired: DEFAULT_DESIRED_RETENTION, actual: null, reviews: 0 } }),
      ),
    );
    renderAt('/stats/french');
    expect(await screen.findByText(/No reviews of learned words in the last 30 days yet/)).toBeInTheDocument();
  });

  it('says the memory model is the standard one until the learner has enough reviews', async () => {
    server.use(fake('GET', '/api/{language}/progress', { language: 'spanish' }, () => HttpResponse.json(charts)));
    renderAt('/stats/spanish');
    const panel = await screen.findByRole('region', { name: 'Your memory model' });
    expect(panel).toHaveTextContent(
      'Once you have 40 reviews in Spanish (you have 12), it is fitted to how you remember',
    );
    expect(within(panel).getByRole('link', { name: 'Download your memory model' })).toHaveAttribute(
      'href',
      '/api/spanish/memory-model',
    );
  });

  it(
    'says a fit was tried and the standard model kept for too few usable reviews, ' + 'and what the next try waits for',
    async () => {
      const tried = { at: Date.UTC(2026, 10, 27, 12), reviews: 88, usable: 12, needed: 32, nextAttemptAt: 113 };
      server.use(
        fake('GET', '/api/{language}/progress', { language: 'spanish' }, () => HttpResponse.json(charts)),
        fake('GET', '/api/{language}/memory-model', () =>
          HttpResponse.json({ ...defaultsModel, reviewCount: 88, tooFewUsable: tried }),
        ),
      );
      renderAt('/stats/spanish');
      const panel = await screen.findByRole('region', { name: 'Your memory model' });
      expect(panel).toHaveTextContent(
        'On Nov 27, 2026, a model of your own was tried on your 88 ' +
          'Spanish reviews and the standard one kept: a fit learns ' +
          'from words that come back on a later day than you last saw them, ' +
          'and 12 of your reviews were such, of the 32 it ' +
          'needs. The next try is at 113 reviews (you have 88)',
      );
      expect(panel).not.toHaveTextContent('Once you have 40 reviews');
    },
  );

  it(
    "marks the learner's own retention as their setting " + 'when the report has no row for it, with what it costs',
    async () => {
      server.use(
        fake('GET', '/api/{language}/progress', { language: 'spanish' }, () =>
          HttpResponse.json({ ...charts, retention: { ...charts.retention, desired: 0.88 } }),
        ),
        fake('GET', '/api/{language}/memory-model', () =>
          HttpResponse.json({ ...fittedModel, desiredRetention: 0.88 }),
        ),
        fake('GET', '/api/auth/session', () => HttpResponse.json({ user: { _id: 'u1', username: 'ana' } })),
      );
      renderAt('/stats/spanish');
      const panel = await screen.findByRole('region', { name: 'Your memory model' });
      expect(await within(panel).findByText(/your words ask for/)).toHaveTextContent(
        'At 88%, your words ask for about 23–31 reviews a day, instead of 31–42 with the standard model.',
      );
      const workload = within(panel).getByRole('table', { name: 'What each retention costs you' });
      const rows = within(workload).getAllByRole('row');
      expect(rows.map((row) => row.textContent)).toEqual([
        'Remember at reviewReviews a dayChoice',
        '80%18Use 80%',
        '85% · recommended23Use 85%',
        '88%23–31Your setting',
        '90%31Use 90%',
        '95%55Use 95%',
        '97%80Use 97%',
      ]);
    },
  );

  it(
    'shows a fitted model: when and from what, how it predicts, ' +
      'what it changed, and what each retention costs, the cheapest recommended',
    async () => {
      const patches: unknown[] = [];
      server.use(
        fake('GET', '/api/{language}/progress', { language: 'spanish' }, () => HttpResponse.json(charts)),
        fake('GET', '/api/auth/session', () => HttpResponse.json({ user: { _id: 'u1', username: 'ana' } })),
        fake('GET', '/api/{language}/memory-model', { language: 'spanish' }, () =>
          HttpResponse.json(patches.length ? { ...fittedModel, desiredRetention: 0.85 } : fittedModel),
        ),
        fake('PATCH', '/api/settings', async ({ request }) => {
          patches.push(await request.json());
          return HttpResponse.json({
            strictAccents: false,
            desiredRetention: 0.85,
            dailyGoal: 20,
            autoSpeak: false,
            theme: 'system',
          });
        }),
      );
      renderAt('/stats/spanish');
      const panel = await screen.findByRole('region', { name: 'Your memory model' });
      expect(await within(panel).findByText(/Fitted to your own 2,340 Spanish reviews/)).toHaveTextContent(
        'Fitted to your own 2,340 Spanish reviews on Mar 20, 2026, replacing the model fitted to your earlier reviews.',
      );
      expect(panel).toHaveTextContent('Over the last 30 days you remembered 86% of 50 reviews; you aim at 90%.');
      expect(panel).toHaveTextContent(
        'At 90%, your words ask for about 31 reviews a day, ' +
          'instead of 42 with the standard model. The last fit moved the schedule of 37 words.',
      );
      expect(panel).toHaveTextContent(
        'The model overrated your memory by about 4 points, ' +
          'so reviews are timed for 94% by its reckoning: you get the 90% you chose.',
      );
      const calibration = within(panel).getByRole('table', { name: /How well it predicts you/ });
      expect(within(calibration).getAllByRole('row')[2]).toHaveTextContent('92%91%900');
      const workload = within(panel).getByRole('table', { name: 'What each retention costs you' });
      expect(within(workload).getAllByRole('row')[2]).toHaveTextContent('85% · recommended23Use 85%');
      expect(within(workload).getAllByRole('row')[3]).toHaveTextContent('Your setting');
      // An enabled button looks like one: the secondary style, with its border (bare, it read as disabled in dark).
      expect(within(workload).getByRole('button', { name: 'Use 85%' })).toHaveClass('btn-secondary');
      await userEvent.click(within(workload).getByRole('button', { name: 'Use 85%' }));
      expect(patches).toEqual([{ desiredRetention: 0.85 }]);
      expect(await within(workload).findByRole('button', { name: 'Use 90%' })).toBeInTheDocument();
    },
  );

  it('has an error state with Try again, and a 404 for unknown languages', async () => {
    server.use(
      fake('GET', '/api/{language}/progress', { language: 'german' }, () =>
        HttpResponse.json(
          { error: { code: 'internal', message: 'Something went wrong on our side.' } },
          { status: 500 },
        ),
      ),
    );
    renderAt('/stats/german');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('answers an unknown language with the 404 page', () => {
    renderAt('/stats/klingon');
    expect(screen.getByRole('heading', { name: 'Error 404 Page Not Found' })).toBeInTheDocument();
  });

  it(
    'draws answers per day as a calendar: a column a week, ' +
      "a row a weekday, month names, a legend and each day's count",
    async () => {
      server.use(fake('GET', '/api/{language}/progress', { language: 'italian' }, () => HttpResponse.json(charts)));
      renderAt('/stats/italian');
      const heatmap = (await screen.findByRole('img', {
        name: /^Answers per day over the last 90 days/,
      })) as unknown as SVGSVGElement;

      const cells = heatmap.querySelectorAll('rect');
      expect(cells).toHaveLength(90);
      // 2026-01-01 is a Thursday: the first week's column starts on its fourth row; 90 days span 14 weeks.
      const xs = new Set([...cells].map((c) => c.getAttribute('x')));
      expect(xs.size).toBe(14);
      expect(cells[0]?.getAttribute('y')).toBe(cells[3 + 7 - 3]?.getAttribute('y'));
      const labels = [...heatmap.querySelectorAll('text')].map((t) => t.textContent);
      expect(labels).toEqual(expect.arrayContaining(['Jan', 'Feb', 'Mar', 'Mon', 'Wed', 'Fri']));
      expect(cells[1]?.querySelector('title')?.textContent).toBe('Fri 2 Jan: 3 answers');
      expect(cells[7]?.querySelector('title')?.textContent).toBe('Thu 8 Jan: 0 answers');
      // Empty days, then four steps by the share of the busiest day, as the legend shows them.
      expect(cells[7]).toHaveClass('heat-0');
      expect(cells[1]).toHaveClass('heat-4');
      const legend = document.querySelector('.heatmap-legend');
      expect(legend).toHaveTextContent(/^Less\s*More\s*Today$/);
      expect(legend?.querySelectorAll('.heat-swatch')).toHaveLength(5);
      // Today is marked by a dot in its cell and named in its tooltip, and no day is outlined until one is picked.
      expect(cells[89]?.querySelector('title')?.textContent).toBe('Today: 3 answers');
      const dot = heatmap.querySelector('circle');
      expect(Number(dot?.getAttribute('cx'))).toBe(Number(cells[89]?.getAttribute('x')) + 8);
      expect(Number(dot?.getAttribute('cy'))).toBe(Number(cells[89]?.getAttribute('y')) + 8);
      expect(heatmap.querySelectorAll('.is-picked')).toHaveLength(0);
      // Today's count is written under the calendar; another day's shows when it is touched.
      const day = document.querySelector('.heatmap-day');
      expect(day).toHaveTextContent('Today: 3 answers');
      await userEvent.click(cells[7] as Element);
      expect(day).toHaveTextContent('Thu 8 Jan: 0 answers');
      expect(cells[7]).toHaveClass('is-picked');
      // The arrow keys pick a day: a week sideways (never past the first or the last day), a day up or down.
      heatmap.focus();
      await userEvent.keyboard('{ArrowLeft}');
      expect(day).toHaveTextContent('Thu 1 Jan: 0 answers');
      await userEvent.keyboard('{ArrowDown}');
      expect(day).toHaveTextContent('Fri 2 Jan: 3 answers');
      await userEvent.keyboard('{ArrowRight}'.repeat(20));
      expect(day).toHaveTextContent('Today: 3 answers');
      // Every day is in the table that describes the chart.
      expect(within(screen.getByRole('table', { name: 'Answers per day' })).getAllByRole('row')).toHaveLength(91);
    },
  );

  it(
    'tells words due now from words due later today, ' + 'says when the next review opens, and links the review',
    async () => {
      const nextDueAt = Date.now() + 20 * 60_000 + 1_000;
      server.use(
        fake('GET', '/api/{language}/progress', { language: 'portuguese' }, () =>
          HttpResponse.json({ ...charts, dueNow: 0, nextDueAt }),
        ),
      );
      renderAt('/stats/portuguese');
      const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling as HTMLElement;
      await screen.findByText('Due now', { selector: 'dt' });
      expect(term('Due now')).toHaveTextContent('0');
      expect(term('Later today')).toHaveTextContent('4');
      expect(term('Next review')).toHaveTextContent('in 20 minutes');
      expect(screen.queryByRole('link', { name: 'Review words' })).not.toBeInTheDocument();
    },
  );

  it('links the review when words are due now', async () => {
    server.use(
      fake('GET', '/api/{language}/progress', { language: 'portuguese' }, () =>
        HttpResponse.json({ ...charts, dueNow: 3 }),
      ),
    );
    renderAt('/stats/portuguese');
    const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling as HTMLElement;
    await screen.findByText('Due now', { selector: 'dt' });
    expect(term('Due now')).toHaveTextContent('3');
    expect(term('Later today')).toHaveTextContent('1');
    expect(term('Next review')).toHaveTextContent('now');
    expect(screen.getByRole('link', { name: 'Review words' })).toHaveAttribute('href', '/portuguese/up-for-review');
  });
});
