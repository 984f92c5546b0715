import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { apiError, fake, LANGUAGE_CARDS } from '@/test/api-fakes';
import { Component as LanguagesOffered } from './languages-offered';

const ROUTES = [{ path: '/languages-offered', Component: LanguagesOffered }];

describe('the languages offered', () => {
  it('lists every language with its real word count, each active one linking to its home', async () => {
    server.use(fake('GET', '/api/languages', () => HttpResponse.json(LANGUAGE_CARDS)));
    renderRoute('/languages-offered', ROUTES);

    expect(screen.getByRole('heading', { level: 1, name: 'Languages offered' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const links = within(await screen.findByRole('list')).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/spanish',
      '/french',
      '/german',
      '/italian',
      '/portuguese',
    ]);
    expect(screen.getByRole('link', { name: /Portuguese/ })).toHaveTextContent('1,453 words');
    const swedish = screen.getByRole('heading', { name: 'Swedish' }).closest('li') as HTMLElement;
    expect(within(swedish).getByText('Coming soon...')).toBeInTheDocument();
  });

  it('links the secret language, which no menu lists', () => {
    server.use(fake('GET', '/api/languages', () => HttpResponse.json(LANGUAGE_CARDS)));
    renderRoute('/languages-offered', ROUTES);

    expect(screen.getByRole('link', { name: 'secret language' })).toHaveAttribute('href', '/secret');
  });

  it('says so when no language is offered', async () => {
    server.use(fake('GET', '/api/languages', () => HttpResponse.json([])));
    renderRoute('/languages-offered', ROUTES);

    expect(await screen.findByText('No languages are offered yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says "Error loading" when the server cannot be reached, and recovers on "Try again"', async () => {
    let calls = 0;
    server.use(
      fake('GET', '/api/languages', () => (++calls === 1 ? HttpResponse.error() : HttpResponse.json(LANGUAGE_CARDS))),
    );
    const { user } = renderRoute('/languages-offered', ROUTES);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading');
    expect(alert).toHaveTextContent('Could not reach the server.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /German/ })).toHaveTextContent('1,508 words');
  });

  it("shows the server's reason for a refusal", async () => {
    server.use(
      fake('GET', '/api/languages', () =>
        apiError(503, 'unavailable', 'The service is starting; try again in a moment.'),
      ),
    );
    renderRoute('/languages-offered', ROUTES);

    expect(await screen.findByRole('alert')).toHaveTextContent('The service is starting; try again in a moment.');
  });
});
