import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute, server, setupQuizTests } from '@/features/quiz/test-utils';
import { Component as AddLanguage } from './add-language';
import { Component as GenericLanguage } from './generic-language';
import { Component as UserHome } from './user-home';

setupQuizTests();

const ME = { _id: 'u1', username: 'ana' };
const loggedIn = http.get('/api/auth/page-load-login', () => HttpResponse.json(ME));
const summary = http.get('/api/stats/summary', () => HttpResponse.json({ streak: 3, todayAnswers: 5, dailyGoal: 20, goalMet: false, xp: 120, xpToday: 10 }));
const record = (language: string, fields: object = {}) => ({ language, totalWords: 1100, learnedCount: 55, percentLearned: 5, dueCount: 2, wordsLearned: [], addedAt: 0, ...fields });
const card = (language: string, totalWords: number, isActive = true) => ({
  id: 1, language, languageLowerCase: language.toLowerCase(), source: '', languageHomePage: `/${language.toLowerCase()}`, isActive, bg: '', fontColor: '', totalWords,
});

describe('the user home', () => {
  const ROUTES = [{ path: '/user-home', Component: UserHome }];

  it('says "No languages added yet" and offers "+ add"', async () => {
    server.use(loggedIn, summary, http.get('/api/users/languages/u1', () => HttpResponse.json([])));
    renderRoute('/user-home', ROUTES);

    expect(await screen.findByText('No languages added yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a language' })).toHaveTextContent('+ add');
    expect(await screen.findByText(/days in a row/)).toHaveTextContent('3 days in a row');
  });

  it('lists the languages with their progress, each linking to its home', async () => {
    server.use(loggedIn, summary, http.get('/api/users/languages/u1', () => HttpResponse.json([record('french', { percentLearned: 40, learnedCount: 440 })])));
    renderRoute('/user-home', ROUTES);

    const french = await screen.findByRole('link', { name: /French/ });
    expect(french).toHaveAttribute('href', '/generic/french');
    expect(french).toHaveTextContent('440 / 1100 words · 2 up for review');
    expect(within(french).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  });

  it('sends a visitor to login, to come back afterwards', async () => {
    server.use(http.get('/api/auth/page-load-login', () => HttpResponse.json({ error: { code: 'unauthorized', message: 'Log in first.' } }, { status: 401 })));
    renderRoute('/user-home', ROUTES);

    expect(await screen.findByText('Now at /login?next=%2Fuser-home')).toBeInTheDocument();
  });
});

describe('adding a language', () => {
  it('lists every offered language with its deck size, shows "✔ Added" for added ones, and adds on click', async () => {
    let mine = [record('french')];
    let posted: unknown;
    server.use(
      loggedIn,
      http.get('/api/languages', () => HttpResponse.json([card('Spanish', 1132), card('French', 1100), card('Swedish', 1080, false)])),
      http.get('/api/users/languages/u1', () => HttpResponse.json(mine)),
      http.post('/api/users/languages', async ({ request }) => {
        posted = await request.json();
        mine = [...mine, record('spanish')];
        return HttpResponse.json(record('spanish'), { status: 201 });
      }),
    );
    const { user } = renderRoute('/add-language', [{ path: '/add-language', Component: AddLanguage }]);

    const french = (await screen.findByRole('heading', { name: 'French' })).closest('li') as HTMLElement;
    expect(within(french).getByText('✔ Added')).toBeInTheDocument();
    expect(within(french).queryByRole('button')).not.toBeInTheDocument();
    const spanish = screen.getByRole('heading', { name: 'Spanish' }).closest('li') as HTMLElement;
    expect(spanish).toHaveTextContent('1,132 words');
    expect(screen.queryByRole('heading', { name: 'Swedish' })).not.toBeInTheDocument();

    await user.click(within(spanish).getByRole('button', { name: 'Add Spanish' }));
    expect(await within(spanish).findByText('✔ Added')).toBeInTheDocument();
    expect(posted).toEqual({ language: 'spanish' });
  });
});

describe('the generic language home', () => {
  const ROUTES = [{ path: '/generic/:language', Component: GenericLanguage }];

  it('shows a breadcrumb, the percent, the total and the two buttons', async () => {
    server.use(loggedIn, http.get('/api/users/languages/u1/languages/german', () => HttpResponse.json([record('german', { totalWords: 1508, percentLearned: 9 })])));
    renderRoute('/generic/german', ROUTES);

    expect(await screen.findByText('Total words:')).toHaveTextContent('Total words: 1,508');
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Your languages' })).toHaveAttribute('href', '/user-home');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '9');
    expect(screen.getByRole('link', { name: 'Learn new words' })).toHaveAttribute('href', '/quiz/generic/german');
    expect(screen.getByRole('link', { name: 'Review words' })).toHaveAttribute('href', '/review/generic/german');
  });

  it('offers to add a language that is not the account\'s yet, and shows 404 for an unknown one', async () => {
    server.use(loggedIn, http.get('/api/users/languages/u1/languages/german', () => HttpResponse.json({ error: { code: 'not_found', message: 'That language was not found.' } }, { status: 404 })));
    const { router } = renderRoute('/generic/german', ROUTES);

    expect(await screen.findByRole('link', { name: 'Add it' })).toHaveAttribute('href', '/add-language');
    await router.navigate('/generic/klingon');
    expect(await screen.findByRole('heading', { name: 'Error 404 Page Not Found' })).toBeInTheDocument();
  });
});
