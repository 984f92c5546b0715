import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { ACCOUNT, asAccount, asVisitor, fake, summary } from '@/test/api-fakes';
import { Component as LoginPage } from '../routes/login';
import { RootLayout } from './root-layout';

/** The chrome around two stand-in pages, as the app's router nests them. */
function App() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/about" element={<p>About page</p>} />
        <Route path="*" element={<p>Another page</p>} />
      </Route>
    </Routes>
  );
}

/** The chrome around the login page, as the app's router nests them. */
function LoginApp() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<p>Another page</p>} />
      </Route>
    </Routes>
  );
}

const renderApp = (url = '/') => renderRoute(url, [{ path: '/*', Component: App }]);
const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

let scrollTo: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // The browser's scrolling is outside the project; jsdom does not implement it.
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => scrollTo.mockRestore());

describe('the navbar', () => {
  it('gives a visitor Home, About, Contact, Login and Signup, the brand going to /', async () => {
    server.use(asVisitor());
    renderApp();

    const nav = mainNav();
    expect(await within(nav).findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Signup' })).toHaveAttribute('href', '/signup');
    expect(within(nav).getByRole('link', { name: 'Vocab' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(within(nav).queryByRole('button', { name: 'My account' })).not.toBeInTheDocument();
  });

  it(
    'gives a logged-in learner "My account" with User profile and Logout instead, ' + 'the brand going to /user-home',
    async () => {
      server.use(
        asAccount(),
        fake('GET', '/api/stats/summary', () => HttpResponse.json(summary())),
      );
      const { user } = renderApp();

      const account = await within(mainNav()).findByRole('button', { name: 'My account' });
      expect(within(mainNav()).getByRole('link', { name: 'Vocab' })).toHaveAttribute('href', '/user-home');
      expect(within(mainNav()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
      expect(within(mainNav()).queryByRole('link', { name: 'Signup' })).not.toBeInTheDocument();
      expect(account).toHaveAttribute('aria-expanded', 'false');

      await user.click(account);
      expect(account).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('link', { name: 'User profile' })).toHaveAttribute('href', '/user-profile');
      expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    },
  );

  it('closes "My account" on Escape, with focus back on its button, and when Tab leaves it', async () => {
    server.use(
      asAccount(),
      fake('GET', '/api/stats/summary', () => HttpResponse.json(summary())),
    );
    const { user } = renderApp();

    const account = await within(mainNav()).findByRole('button', { name: 'My account' });
    await user.click(account);
    await user.tab();
    expect(screen.getByRole('link', { name: 'User profile' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'User profile' })).not.toBeInTheDocument();
    expect(account).toHaveFocus();

    await user.click(account);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus();
    await user.tab();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('logs out from "My account": the learner lands on / and sees Login again', async () => {
    let loggedOut = false;
    server.use(
      asAccount(),
      fake('GET', '/api/stats/summary', () => HttpResponse.json(summary())),
      fake('GET', '/api/auth/logout', () => {
        loggedOut = true;
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderApp('/about');

    await user.click(await within(mainNav()).findByRole('button', { name: 'My account' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await within(mainNav()).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText('Home page')).toBeInTheDocument();
    expect(loggedOut).toBe(true);
  });

  it(
    "puts on the account's saved theme as soon as the learner logs in, " + "and the visitor's again at logout",
    async () => {
      let loggedIn = false;
      server.use(
        fake('GET', '/api/auth/session', () => ({ user: loggedIn ? ACCOUNT : null })),
        fake('GET', '/api/settings', () =>
          HttpResponse.json({ ...defaultSettings, theme: loggedIn ? 'dark' : 'system' }),
        ),
        fake('GET', '/api/stats/summary', () => HttpResponse.json(summary())),
        fake('POST', '/api/auth/login', () => {
          loggedIn = true;
          return HttpResponse.json({ ...ACCOUNT, userData: ACCOUNT });
        }),
        fake('GET', '/api/auth/logout', () => {
          loggedIn = false;
          return HttpResponse.json({ ok: true });
        }),
      );
      const { user } = renderRoute('/login', [{ path: '/*', Component: LoginApp }]);

      await user.type(await screen.findByLabelText('Username'), 'ana');
      await user.type(screen.getByLabelText('Password'), 'secret-password');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(document.documentElement).toHaveAttribute('data-theme', 'dark'));

      await user.click(await within(mainNav()).findByRole('button', { name: 'My account' }));
      await user.click(screen.getByRole('button', { name: 'Logout' }));
      await waitFor(() => expect(document.documentElement).not.toHaveAttribute('data-theme'));
    },
  );
});

describe('the navbar on a phone, and the streak', () => {
  it(
    'folds the links behind "Menu": it opens and closes, ' + 'Escape puts focus back on it, a link followed closes it',
    async () => {
      server.use(asVisitor());
      const { user } = renderApp();

      const menu = await within(mainNav()).findByRole('button', { name: 'Menu' });
      expect(menu).toHaveAttribute('aria-expanded', 'false');
      expect(menu).toHaveAttribute('aria-controls', 'main-links');
      await user.click(menu);
      expect(menu).toHaveAttribute('aria-expanded', 'true');
      expect(document.getElementById('main-links')).toHaveClass('is-open');
      await user.tab();
      expect(within(mainNav()).getByRole('link', { name: 'Home' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(menu).toHaveAttribute('aria-expanded', 'false');
      expect(menu).toHaveFocus();

      // Tab past the last link closes it.
      await user.click(menu);
      for (let i = 0; i < 6; i += 1) await user.tab();
      expect(within(mainNav()).getByRole('link', { name: 'Signup' })).toHaveFocus();
      await user.tab();
      expect(menu).toHaveAttribute('aria-expanded', 'false');

      await user.click(menu);
      await user.click(within(mainNav()).getByRole('link', { name: 'About' }));
      expect(await screen.findByText('About page')).toBeInTheDocument();
      expect(menu).toHaveAttribute('aria-expanded', 'false');
    },
  );

  it('gives a visitor Settings (accents, theme, goal and speech work for guests too)', async () => {
    server.use(asVisitor());
    renderApp();

    expect(await within(mainNav()).findByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });

  it('shows a new account its goal, not a "0-day streak"', async () => {
    server.use(
      asAccount(),
      fake('GET', '/api/stats/summary', () =>
        HttpResponse.json(summary({ streak: 0, todayAnswers: 0, dailyGoal: 20, goalMet: false, xp: 0 })),
      ),
    );
    renderApp();

    const badge = (await within(mainNav()).findByText(/today/)).closest('p') as HTMLElement;
    expect(badge).toHaveTextContent(/^No streak yet; 0\/20 today/);
    expect(mainNav()).not.toHaveTextContent(/day streak/);
  });

  it('says the streak in words, with an inline icon rather than an emoji', async () => {
    server.use(
      asAccount(),
      fake('GET', '/api/stats/summary', () =>
        HttpResponse.json(summary({ streak: 1, todayAnswers: 25, dailyGoal: 20, goalMet: true, xp: 300 })),
      ),
    );
    renderApp();

    const badge = (await within(mainNav()).findByText(/-day streak/)).closest('p') as HTMLElement;
    expect(badge).toHaveTextContent(/^1-day streak · 20\/20 today/);
    expect(badge.closest('.streak-badge')).toHaveClass('is-met');
    expect(badge.closest('.streak-badge')?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(mainNav().textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});

describe('the footer', () => {
  it('has About, Follow and Contact columns and a copyright line', async () => {
    server.use(asVisitor());
    renderApp();

    const footer = screen.getByRole('contentinfo');
    const column = (name: string) => within(footer).getByRole('heading', { name }).closest('section') as HTMLElement;
    expect(within(column('About')).getByRole('link', { name: 'How it works' })).toHaveAttribute('href', '/about');
    expect(within(column('About')).getByRole('link', { name: 'Languages offered' })).toHaveAttribute(
      'href',
      '/languages-offered',
    );
    expect(within(column('Follow')).getByRole('link', { name: 'Daily reminder by email' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(within(column('Contact')).getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', '/contact');
    // No placeholder stands in for a handle or number the project does not have.
    for (const link of within(footer).getAllByRole('link')) expect(link.getAttribute('href')).toMatch(/^\//);
    expect(within(footer).getByText(/^© \d{4} Vocab/)).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Login' });
  });
});

describe('a route change', () => {
  it('scrolls to the top, and the skip link leads to the main content', async () => {
    server.use(asVisitor());
    const { user } = renderApp();

    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    scrollTo.mockClear();
    await user.click(within(mainNav()).getByRole('link', { name: 'About' }));
    expect(await screen.findByText('About page')).toBeInTheDocument();
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
  });
});
