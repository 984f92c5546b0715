import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import { ACCOUNT, apiError, asVisitor, fake } from '@/test/api-fakes';
import { Component as Signup } from './signup';

const ROUTES = [{ path: '/signup', Component: Signup }];
const summaryWith = (xp: number) =>
  fake('GET', '/api/stats/summary', () =>
    HttpResponse.json({ streak: 0, todayAnswers: 0, dailyGoal: 20, goalMet: false, xp, xpToday: xp }),
  );

async function fillAndSubmit(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(screen.getByLabelText('Username'), 'ana');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.type(screen.getByLabelText('Confirm password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('the signup page', () => {
  it(
    'says the new account is logged in, once, ' + 'with its languages one click away and no way to log in again',
    async () => {
      let sent: unknown;
      server.use(
        asVisitor(),
        summaryWith(0),
        fake('POST', '/api/auth/signup', async ({ request }) => {
          sent = await request.json();
          return HttpResponse.json({ ...ACCOUNT, userData: ACCOUNT }, { status: 201 });
        }),
      );
      const { user, queryClient } = renderRoute('/signup', ROUTES);

      await fillAndSubmit(user);
      expect(await screen.findByRole('status')).toHaveTextContent('✔ Signup Successful. You are logged in as ana.');
      // Nothing on the screen contradicts it: no "Click here to login", no "Already have an account? Log in".
      expect(screen.queryByRole('link', { name: /log ?in/i })).toBeNull();
      expect(screen.queryByText(/Already have an account/)).toBeNull();
      expect(screen.getByRole('link', { name: 'Go to your languages' })).toHaveAttribute('href', '/user-home');
      expect(sent).toEqual({ username: 'ana', password: 'correct horse' });
      // The app knows the session without asking again: the navbar and the account pages see the account at once.
      expect(queryClient.getQueryData(sessionQueryOptions().queryKey)).toEqual(ACCOUNT);
      // Nothing was practised as a guest: nothing is said to have moved.
      expect(screen.queryByText(/as a guest/)).toBeNull();
    },
  );

  it('tells a guest who practised that their practice comes with them, before and after', async () => {
    server.use(
      asVisitor(),
      summaryWith(40),
      fake('POST', '/api/auth/signup', () => HttpResponse.json({ ...ACCOUNT, userData: ACCOUNT }, { status: 201 })),
    );
    const { user } = renderRoute('/signup', ROUTES);
    expect(await screen.findByText('Your practice so far comes with you into the new account.')).toBeInTheDocument();
    await fillAndSubmit(user);
    expect(await screen.findByText('What you practised as a guest is in your account.')).toBeInTheDocument();
  });

  it("shows the server's refusal in an error box, and no session", async () => {
    server.use(
      asVisitor(),
      summaryWith(0),
      fake('POST', '/api/auth/signup', () => apiError(409, 'username_taken', 'That username is already taken.')),
    );
    const { user, queryClient } = renderRoute('/signup', ROUTES);

    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('That username is already taken.');
    expect(queryClient.getQueryData(sessionQueryOptions().queryKey)).toBeUndefined();
  });
});
