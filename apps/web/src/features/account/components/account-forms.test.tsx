import type { ActiveSession, UserData } from '@vocab/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiError, fake } from '@/test/api-fakes';
import { queryKey } from '@/lib/query-keys';
import { AccountDeletedNotice } from './account-deleted-notice';
import { ActiveSessions } from './active-sessions';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountForm } from './delete-account-form';

const NOW = Date.UTC(2026, 10, 23, 12);
const laptop: ActiveSession = {
  id: 'a'.repeat(32),
  device: 'Firefox on Linux',
  createdAt: NOW - 86_400_000,
  lastUsedAt: NOW,
  current: true,
};
const phone: ActiveSession = {
  id: 'b'.repeat(32),
  device: 'Safari on iPhone',
  createdAt: NOW - 3 * 86_400_000,
  lastUsedAt: NOW - 3_600_000,
  current: false,
};

let sessions: ActiveSession[] = [];
const calls: string[] = [];
const server = setupServer(
  fake('GET', '/api/account/sessions', () => HttpResponse.json({ sessions })),
  fake('DELETE', '/api/account/sessions/{id}', ({ params }) => {
    calls.push(`revoke ${String(params.id)}`);
    sessions = sessions.filter((s) => s.id !== params.id);
    return HttpResponse.json({ ok: true });
  }),
  fake('POST', '/api/account/password', async ({ request }) => {
    const body = (await request.json()) as { currentPassword: string; newPassword: string };
    calls.push(`password ${body.currentPassword}→${body.newPassword}`);
    if (body.currentPassword !== 'old secret')
      return apiError(403, 'wrong_password', 'That is not your current password.');
    return HttpResponse.json({ ok: true });
  }),
  fake('POST', '/api/account/delete', async ({ request }) => {
    const body = (await request.json()) as { password: string };
    calls.push(`delete ${body.password}`);
    if (body.password !== 'old secret') return apiError(403, 'wrong_password', 'That is not your current password.');
    return HttpResponse.json({ ok: true });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const maria: UserData = { _id: 'u1', username: 'maria' };
  client.setQueryData(queryKey('/api/auth/session'), maria);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/user-profile']}>
        <Routes>
          <Route path="/user-profile" element={ui} />
          <Route
            path="/"
            element={
              <>
                <p>Landing page</p>
                <AccountDeletedNotice />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), client };
}

describe('ActiveSessions', () => {
  it('shows loading, then each session with its browser, this one marked, and logs another one out', async () => {
    sessions = [laptop, phone];
    const { user } = renderWith(<ActiveSessions />);
    expect(screen.getByText(/Loading/)).toBeInTheDocument();
    expect(await screen.findByText('Firefox on Linux')).toBeInTheDocument();
    expect(screen.getByText('This browser')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Log out/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /Log out Safari on iPhone/ }));
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(calls).toEqual([`revoke ${phone.id}`]);
  });

  it('says when there is nothing to list', async () => {
    sessions = [];
    renderWith(<ActiveSessions />);
    expect(await screen.findByText('No active sessions.')).toBeInTheDocument();
  });

  it('offers to try again when loading fails', async () => {
    server.use(
      fake('GET', '/api/account/sessions', () => apiError(500, 'internal', 'Something went wrong on our side.')),
    );
    renderWith(<ActiveSessions />);
    expect(await screen.findByText('Your sessions could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('ChangePasswordForm', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>, current: string, next: string, repeat = next) => {
    await user.type(screen.getByLabelText('Current password'), current);
    await user.type(screen.getByLabelText('New password'), next);
    await user.type(screen.getByLabelText('New password again'), repeat);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  };

  it('checks the new password before sending anything', async () => {
    const { user } = renderWith(<ChangePasswordForm />);
    await fill(user, 'old secret', 'short');
    expect(screen.getByText('The new password must be at least 8 characters.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'long enough now');
    expect(screen.getByText('The two new passwords are not the same.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says when the current password is wrong, and confirms a change', async () => {
    const { user } = renderWith(<ChangePasswordForm />);
    await fill(user, 'not it', 'a new passphrase');
    expect(await screen.findByRole('alert')).toHaveTextContent('That is not your current password.');
    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'old secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password changed. Your other sessions have been logged out.',
    );
    expect(calls).toEqual(['password not it→a new passphrase', 'password old secret→a new passphrase']);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});

describe('DeleteAccountForm', () => {
  it(
    'asks for the password and a confirmation, ' + 'says when the password is wrong, then leaves for the landing page',
    async () => {
      const { user, client } = renderWith(<DeleteAccountForm username="maria" />);
      const submit = screen.getByRole('button', { name: 'Delete my account' });
      expect(submit).toBeDisabled();
      await user.type(screen.getByLabelText('Password'), 'wrong');
      expect(submit).toBeDisabled();
      await user.click(screen.getByLabelText(/I understand/));
      await user.click(submit);
      expect(await screen.findByRole('alert')).toHaveTextContent('That is not your current password.');
      await user.clear(screen.getByLabelText('Password'));
      await user.type(screen.getByLabelText('Password'), 'old secret');
      await user.click(screen.getByRole('button', { name: 'Delete my account' }));
      expect(await screen.findByText('Landing page')).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Your account and everything in it have been deleted.');
      expect(client.getQueryData(queryKey('/api/auth/session'))).toBeNull();
      expect(calls).toEqual(['delete wrong', 'delete old secret']);
    },
  );
});
