import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute, server, setupQuizTests } from '@/features/quiz/test-utils';
import { Component as Contact } from './contact';
import { Component as Landing } from './landing';
import { Component as LanguagesOffered } from './languages-offered';

setupQuizTests();

const card = (language: string, totalWords: number, isActive = true) => ({
  id: 1,
  language,
  languageLowerCase: language.toLowerCase(),
  source: '',
  languageHomePage: `/${language.toLowerCase()}`,
  isActive,
  bg: '',
  fontColor: '',
  totalWords,
});
const CARDS = [card('Spanish', 1132), card('French', 1100), card('German', 1508), card('Italian', 1100), card('Portuguese', 1453), card('Swedish', 1080, false)];
const visitor = http.get('/api/auth/page-load-login', () => HttpResponse.json({ error: { code: 'unauthorized', message: 'Log in first.' } }, { status: 401 }));

describe('the landing page', () => {
  it('greets, and shows six language cards with their real word counts and a Log in button', async () => {
    server.use(visitor, http.get('/api/languages', () => HttpResponse.json(CARDS)));
    renderRoute('/', [{ path: '/', Component: Landing }]);

    expect(screen.getByRole('heading', { level: 1, name: 'Hello and welcome...' })).toBeInTheDocument();
    expect(screen.getByText('I want to learn vocabulary for:')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const spanish = await screen.findByRole('link', { name: /Spanish/ });
    expect(spanish).toHaveAttribute('href', '/spanish');
    expect(spanish).toHaveTextContent('1,132 words');
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    const swedish = screen.getByRole('heading', { name: 'Swedish' }).closest('li') as HTMLElement;
    expect(within(swedish).getByText('Coming soon...')).toBeInTheDocument();
    expect(within(swedish).queryByRole('link')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('says "Error loading" and retries when the languages cannot be read', async () => {
    let calls = 0;
    server.use(
      visitor,
      http.get('/api/languages', () => (++calls === 1 ? HttpResponse.json({ error: { code: 'internal', message: 'Something went wrong.' } }, { status: 500 }) : HttpResponse.json(CARDS))),
    );
    const { user } = renderRoute('/languages-offered', [{ path: '/languages-offered', Component: LanguagesOffered }]);

    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /German/ })).toHaveTextContent('1,508 words');
  });
});

describe('the contact form', () => {
  it('shows "Submitting..." while sending, then "Message submitted"', async () => {
    let body: unknown;
    server.use(
      http.post('/api/contact', async ({ request }) => {
        body = await request.json();
        await delay(50);
        return HttpResponse.json({ ok: true }, { status: 201 });
      }),
    );
    const { user } = renderRoute('/contact', [{ path: '/contact', Component: Contact }]);

    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.type(screen.getByLabelText('Email'), 'ana@example.org');
    await user.type(screen.getByLabelText('Message'), 'Hola!');
    await user.click(submit);
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(await screen.findByText('Message submitted')).toBeInTheDocument();
    expect(body).toEqual({ name: 'Ana', email: 'ana@example.org', message: 'Hola!' });
  });

  it('shows an "Error" box with the reason and keeps what was typed', async () => {
    server.use(http.post('/api/contact', () => HttpResponse.json({ error: { code: 'invalid_request', message: 'email must be an e-mail address' } }, { status: 400 })));
    const { user } = renderRoute('/contact', [{ path: '/contact', Component: Contact }]);

    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.type(screen.getByLabelText('Message'), 'Hola!');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('email must be an e-mail address');
    await waitFor(() => expect(screen.getByLabelText('Message')).toHaveValue('Hola!'));
    expect(screen.getByLabelText('Email')).toHaveValue('not-an-address');
  });
});
