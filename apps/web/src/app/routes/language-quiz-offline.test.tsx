import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeWord, recordAnswers, recordCorrections, renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { Component } from './language-quiz';
import { fake } from '@/test/api-fakes';

const ROUTES = [{ path: '/spanish-quiz', Component }];
const words = ['casa:house', 'perro:dog', 'gato:cat', 'libro:book'].map((pair, i) => {
  const [word = '', translation = ''] = pair.split(':');
  return makeWord({ _id: String(i + 1), word, translation });
});
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const banner = () => screen.getAllByRole('status').find((s) => s.classList.contains('offline-banner'));

/** The browser's network, as `navigator.onLine` and its events tell the page. */
function network(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

/** Serves the first `size` words as the quiz's batch (it asks for three batches at once) while the network is up. */
function serveWords(size: number) {
  const asked: string[] = [];
  server.use(
    fake('GET', '/api/{language}', { language: 'spanish' }, ({ request }) => {
      if (!navigator.onLine) return HttpResponse.error();
      asked.push(new URL(request.url).search);
      return HttpResponse.json(words.slice(0, size));
    }),
  );
  return asked;
}

async function answer(user: ReturnType<typeof renderRoute>['user'], text: string) {
  await user.type(await screen.findByRole('textbox'), text);
  await wait(2000);
}

afterEach(() => {
  // Unmounted first: a quiz left with answers waiting must not send them into the next test.
  cleanup();
  server.events.removeAllListeners();
  vi.restoreAllMocks();
  // TanStack Query's idea of the network is one for the whole file, and nothing listens for the event any more.
  onlineManager.setOnline(true);
});

describe('the quiz offline', () => {
  it(
    'keeps answers and an undo while offline, ' + 'says how many wait, then sends them in order with their times',
    async () => {
      serveWords(4);
      const received = recordAnswers();
      const corrections = recordCorrections();
      const order: string[] = [];
      server.events.on('request:start', ({ request }) => {
        if (request.method !== 'GET') order.push(`${request.method} ${new URL(request.url).pathname}`);
      });
      const { user } = renderRoute('/spanish-quiz', ROUTES);
      expect(await screen.findByText('casa')).toBeInTheDocument();

      network(false);
      expect(banner()).toHaveTextContent(
        'You’re offline — your answers will be kept and sent when you’re back online.',
      );
      const givenAt = Date.now();
      await answer(user, 'house');
      await answer(user, 'dog');
      await user.click(screen.getByRole('button', { name: /Undo/ }));
      await answer(user, 'dog');
      expect(banner()).toHaveTextContent('You’re offline — 3 answers will be sent when you’re back online.');
      expect(received).toHaveLength(0);

      order.length = 0;
      network(true);
      await waitFor(() => expect(banner()).toHaveTextContent('3 answers saved — you’re all caught up.'));
      expect(order).toEqual([
        'PATCH /api/spanish/1',
        'PATCH /api/spanish/2',
        `POST /api/spanish/answers/${(received[1]?.body as { answerId: string }).answerId}/undo`,
        'PATCH /api/spanish/2',
      ]);
      expect(corrections).toHaveLength(1);
      for (const r of received)
        expect(Math.abs((r.body as { answeredAt: number }).answeredAt - givenAt)).toBeLessThan(10_000);
    },
  );

  it('starts the next batch offline from the words kept, leaving out those answered', async () => {
    // Sixteen words: a batch of fifteen, and one more kept for the next.
    const many = Array.from({ length: 16 }, (_, i) =>
      makeWord({ _id: String(i + 1), word: `palabra${i + 1}`, translation: `word${i + 1}` }),
    );
    const asked: string[] = [];
    server.use(
      fake('GET', '/api/{language}', { language: 'spanish' }, ({ request }) => {
        if (!navigator.onLine) return HttpResponse.error();
        asked.push(new URL(request.url).search);
        return HttpResponse.json(many);
      }),
    );
    recordAnswers();
    const { user } = renderRoute('/spanish-quiz', ROUTES);
    expect(await screen.findByText('palabra1')).toBeInTheDocument();
    expect(asked).toEqual(['?limit=45&unlearned=true&direction=recognise']);

    network(false);
    for (let i = 1; i <= 15; i++) await answer(user, `word${i}`);
    await user.click(screen.getByRole('button', { name: 'Practice more' }));
    expect(await screen.findByText('palabra16')).toBeInTheDocument();
    expect(screen.getByText('0 / 1')).toBeInTheDocument();
    expect(asked).toHaveLength(1);
  });

  it('drops an answer the server refuses, names its word, and goes on with the next', async () => {
    serveWords(4);
    const received = recordAnswers();
    server.use(
      fake('PATCH', '/api/{language}/{id}', { language: 'spanish', id: '1' }, async ({ request }) => {
        received.push({ method: 'PATCH', url: new URL(request.url), body: await request.json() });
        return HttpResponse.json(
          { error: { code: 'answered_at_too_old', message: 'answeredAt is more than 7 days ago.' } },
          { status: 400 },
        );
      }),
    );
    const { user } = renderRoute('/spanish-quiz', ROUTES);
    await answer(user, 'house');
    await answer(user, 'dog');
    const note = await screen.findByRole('alert');
    expect(note).toHaveTextContent(
      'An answer to “casa” could not be saved: it was given more than 7 days ago, too long ago to schedule from.',
    );
    await waitFor(() => expect(received.map((r) => r.url.pathname)).toEqual(['/api/spanish/1', '/api/spanish/2']));
    await wait(60_000);
    expect(received).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
