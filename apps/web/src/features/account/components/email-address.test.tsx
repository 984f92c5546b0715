import type { AccountEmail } from '@vocab/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfirmEmail } from './confirm-email';
import { EmailAddress } from './email-address';
import { apiError } from '@/test/api-fakes';

let state: AccountEmail = { available: true, address: null, pending: null };
const confirms: string[] = [];
const server = setupServer(
  http.get('*/api/account/email', () => HttpResponse.json(state)),
  http.post('*/api/account/email', async ({ request }) => {
    const { address } = (await request.json()) as { address: string };
    state = { ...state, pending: address };
    return HttpResponse.json(state, { status: 202 });
  }),
  http.delete('*/api/account/email', () =>
    HttpResponse.json((state = { available: true, address: null, pending: null })),
  ),
  http.post('*/api/account/email/confirm', async ({ request }) => {
    const { token } = (await request.json()) as { token: string };
    confirms.push(token);
    return token === 'good'.repeat(6)
      ? HttpResponse.json({ address: 'ana@example.com' })
      : apiError(400, 'link_invalid', 'This link has expired or was already used.');
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  state = { available: true, address: null, pending: null };
  confirms.length = 0;
});
afterAll(() => server.close());

const renderWith = (ui: ReactNode) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('the email address in the profile', () => {
  it('sends a confirmation link, keeps the confirmed address meanwhile, and removes it', async () => {
    state = { available: true, address: 'old@example.com', pending: null };
    renderWith(<EmailAddress />);
    expect(await screen.findByText('old@example.com')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New email address'), 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(screen.getByText('Enter an email address, like name@example.com.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New email address'));
    await userEvent.type(screen.getByLabelText('New email address'), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We sent a link to new@example.com. Open it within 24 hours to confirm the address.',
    );
    expect(screen.getByText('old@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove address' }));
    expect(await screen.findByText(/No address yet/)).toBeInTheDocument();
  });

  it('says so when the server cannot send email', async () => {
    state = { available: false, address: null, pending: null };
    renderWith(<EmailAddress />);
    expect(await screen.findByText(/This server cannot send email/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send confirmation link' })).toBeNull();
  });
});

describe('the confirmation page', () => {
  it('confirms once as it opens', async () => {
    renderWith(<ConfirmEmail token={'good'.repeat(6)} />);
    expect(await screen.findByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('ana@example.com is confirmed.');
    expect(confirms).toEqual(['good'.repeat(6)]);
  });

  it('says a link opened a second time has confirmed the address already, without an error', async () => {
    state = { available: true, address: 'ana@example.com', pending: null };
    renderWith(<ConfirmEmail token={'used'.repeat(6)} />);
    expect(await screen.findByText('This link was used already; there is nothing more to do.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('ana@example.com is confirmed.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('explains a link that no longer works', async () => {
    renderWith(<ConfirmEmail token={'used'.repeat(6)} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link no longer works');
    expect(screen.getByRole('link', { name: 'Send a new one from your profile' })).toHaveAttribute(
      'href',
      '/user-profile',
    );
  });
});
