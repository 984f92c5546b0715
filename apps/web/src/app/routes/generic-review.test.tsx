import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { loggedIn, makeWord, recordAnswers, renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { Component } from './generic-review';
import { fake } from '@/test/api-fakes';

const ROUTES = [{ path: '/review/generic/:language', Component }];

describe('the generic review', () => {
  it('says when no word is due', async () => {
    loggedIn();
    server.use(fake('GET', '/api/{language}/for-review', { language: 'german' }, () => HttpResponse.json([])));
    renderRoute('/review/generic/german', ROUTES);

    expect(await screen.findByText('No words to review at this time')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to German' })).toHaveAttribute('href', '/generic/german');
  });

  it('asks the due words foreign to English, counting i / N, and reports to the account', async () => {
    loggedIn();
    server.use(
      fake('GET', '/api/{language}/for-review', { language: 'german' }, () =>
        HttpResponse.json([
          makeWord({ _id: '21', word: 'Haus', translation: 'house', article: 'das' }),
          makeWord({ _id: '22', word: 'gehen', translation: 'to go', pos: 'verb' }),
        ]),
      ),
    );
    const received = recordAnswers();
    const { user } = renderRoute('/review/generic/german?direction=recognise', ROUTES);

    expect(await screen.findByText('das Haus')).toBeInTheDocument();
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox'), 'house');
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]?.url.pathname).toBe('/api/german/21');
    expect(received[0]?.body).toMatchObject({ verdict: 'correct', typed: 'house', direction: 'recognise' });
  });
});
