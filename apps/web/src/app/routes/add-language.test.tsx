import { screen, within } from '@testing-library/react';
import type { UserLanguage } from '@vocab/api';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { apiError, asAccount, asVisitor, fake, LANGUAGE_CARDS, type Reply, userLanguage } from '@/test/api-fakes';
import { Component as AddLanguage } from './add-language';

const ROUTES = [{ path: '/add-language', Component: AddLanguage }];
const cardOf = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;

/** The account's languages, which POST /api/users/languages adds to, unless `refusal` gives a response instead. */
function fakeAccountLanguages(
  mine: UserLanguage[],
  refusal: () => Reply<'POST', '/api/users/languages'> = () => undefined,
) {
  const posted: unknown[] = [];
  server.use(
    asAccount(),
    fake('GET', '/api/languages', () => HttpResponse.json(LANGUAGE_CARDS)),
    fake('GET', '/api/users/languages/{userId}', { userId: 'u1' }, () => HttpResponse.json(mine)),
    fake('POST', '/api/users/languages', async ({ request }) => {
      const body = (await request.json()) as { language: UserLanguage['language'] };
      posted.push(body);
      const refused = refusal();
      if (refused) return refused;
      mine.push(userLanguage(body.language));
      return HttpResponse.json(userLanguage(body.language), { status: 201 });
    }),
  );
  return posted;
}

describe('adding a language', () => {
  it('lists every offered language with its real deck size, and "✔ Added" for the ones added', async () => {
    fakeAccountLanguages([userLanguage('french')]);
    renderRoute('/add-language', ROUTES);

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await screen.findByRole('heading', { name: 'French' });
    const french = cardOf('French');
    expect(within(french).getByText('✔ Added')).toBeInTheDocument();
    expect(within(french).queryByRole('button')).not.toBeInTheDocument();
    expect(within(french).getByRole('link', { name: 'Open French' })).toHaveAttribute('href', '/generic/french');
    expect(cardOf('Spanish')).toHaveTextContent('1,132 words');
    expect(within(cardOf('German')).getByRole('button', { name: 'Add German' })).toBeEnabled();
    // Swedish is coming soon: nothing to add yet.
    expect(screen.queryByRole('heading', { name: 'Swedish' })).not.toBeInTheDocument();
  });

  it('adds a language on "Add", then shows "✔ Added" in place of the button', async () => {
    const posted = fakeAccountLanguages([]);
    const { user } = renderRoute('/add-language', ROUTES);

    await user.click(await screen.findByRole('button', { name: 'Add Spanish' }));
    const spanish = cardOf('Spanish');
    expect(await within(spanish).findByText('✔ Added')).toBeInTheDocument();
    expect(within(spanish).queryByRole('button')).not.toBeInTheDocument();
    expect(posted).toEqual([{ language: 'spanish' }]);
    expect(within(cardOf('Italian')).getByRole('button', { name: 'Add Italian' })).toBeEnabled();
  });

  it('shows why a language could not be added, on its own card, and lets the learner try again', async () => {
    let refuse = true;
    const posted = fakeAccountLanguages([], () =>
      refuse ? apiError(429, 'rate_limited', 'Too many requests; wait a minute.') : undefined,
    );
    const { user } = renderRoute('/add-language', ROUTES);

    await user.click(await screen.findByRole('button', { name: 'Add German' }));
    const alert = await within(cardOf('German')).findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Too many requests; wait a minute.');

    refuse = false;
    await user.click(within(cardOf('German')).getByRole('button', { name: 'Add German' }));
    expect(await screen.findByText('✔ Added')).toBeInTheDocument();
    expect(posted).toHaveLength(2);
  });

  it('says "Error loading" when the languages cannot be read, and recovers on "Try again"', async () => {
    let calls = 0;
    server.use(
      asAccount(),
      fake('GET', '/api/languages', () => HttpResponse.json(LANGUAGE_CARDS)),
      fake('GET', '/api/users/languages/{userId}', { userId: 'u1' }, () =>
        ++calls === 1 ? HttpResponse.error() : HttpResponse.json([]),
      ),
    );
    const { user } = renderRoute('/add-language', ROUTES);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading');
    expect(alert).toHaveTextContent('Could not reach the server.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Add French' })).toBeInTheDocument();
  });

  it('says so when no language is offered', async () => {
    server.use(
      asAccount(),
      fake('GET', '/api/languages', () => HttpResponse.json([])),
      fake('GET', '/api/users/languages/{userId}', { userId: 'u1' }, () => HttpResponse.json([])),
    );
    renderRoute('/add-language', ROUTES);

    expect(await screen.findByText('No languages are offered yet.')).toBeInTheDocument();
  });

  it('sends a visitor to login, to come back afterwards', async () => {
    server.use(asVisitor());
    renderRoute('/add-language', ROUTES);

    expect(await screen.findByText('Now at /login?next=%2Fadd-language')).toBeInTheDocument();
  });
});
