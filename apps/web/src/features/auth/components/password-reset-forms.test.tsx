import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '@/test/api-fakes';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';

let mailServer = true;
const sent: unknown[] = [];
const server = setupServer(
  http.post('*/api/auth/forgot-password', async ({ request }) => {
    sent.push(await request.json());
    return mailServer
      ? HttpResponse.json({ ok: true }, { status: 202 })
      : apiError(503, 'email_unavailable', 'This server cannot send email.');
  }),
  http.get('*/api/auth/reset-link', ({ request }) =>
    new URL(request.url).searchParams.get('token') === 'spent'.repeat(5)
      ? apiError(400, 'link_invalid', 'This link has expired or was already used.')
      : HttpResponse.json({ ok: true }),
  ),
  http.post('*/api/auth/reset-password', async ({ request }) => {
    const body = (await request.json()) as { token: string };
    return body.token === 'used'.repeat(6)
      ? apiError(400, 'link_invalid', 'This link has expired or was already used.')
      : HttpResponse.json({ ok: true });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
  mailServer = true;
});
afterAll(() => server.close());

function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('forgot your password', () => {
  it('asks for a name, then says to check the mail in words that fit an unknown name too', async () => {
    renderWith(<ForgotPasswordForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Enter your email address or username.', { exact: true })).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByLabelText('Email address or username'), ' maria ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Check your email.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'If maria belongs to an account with a confirmed email address',
    );
    expect(sent).toEqual([{ identifier: 'maria' }]);
  });

  it('says when the server cannot send email', async () => {
    mailServer = false;
    renderWith(<ForgotPasswordForm />);
    await userEvent.type(screen.getByLabelText('Email address or username'), 'maria');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This server cannot send email, so passwords cannot be reset by email here.',
    );
  });
});

describe('choosing a new password', () => {
  it('checks the two passwords, then says every device was logged out', async () => {
    renderWith(<ResetPasswordForm token={'good'.repeat(6)} />);
    await userEvent.type(screen.getByLabelText('New password'), 'a new passphrase');
    await userEvent.type(screen.getByLabelText('New password again'), 'another one');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('The two passwords are not the same.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New password again'));
    await userEvent.type(screen.getByLabelText('New password again'), 'a new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('explains a used or expired link, with the way to a new one', async () => {
    renderWith(<ResetPasswordForm token={'used'.repeat(6)} />);
    await userEvent.type(screen.getByLabelText('New password'), 'a new passphrase');
    await userEvent.type(screen.getByLabelText('New password again'), 'a new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link no longer works');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says at once, before any password is typed, that a used or superseded link no longer works', async () => {
    renderWith(<ResetPasswordForm token={'spent'.repeat(5)} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link no longer works');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('says so when the link has no token', () => {
    renderWith(<ResetPasswordForm token="" />);
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not complete');
  });
});
