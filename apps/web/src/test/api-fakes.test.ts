import { DEFAULT_DESIRED_RETENTION } from '@vocab/core';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiError, fake, languageStats } from './api-fakes';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const send = (method: string, path: string, body?: unknown) =>
  fetch(new URL(path, location.origin), {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });

describe('fake: an MSW handler typed from an endpoint declaration', () => {
  it("answers with the success body and the endpoint's own success status", async () => {
    server.use(fake('POST', '/api/contact', () => ({ ok: true })));
    const answer = await send('POST', '/api/contact', {
      name: 'Ana',
      email: 'ana@example.com',
      message: 'Hello there, this is a message.',
    });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ ok: true });
  });

  it('gives the handler the parameters, query and body read by the declaration', async () => {
    const seen: unknown[] = [];
    server.use(
      fake('PATCH', '/api/{language}/{id}', ({ params, query, body }) => {
        seen.push(params, query, body);
        return apiError(500, 'server_error', 'Something went wrong');
      }),
    );
    const answer = await send('PATCH', '/api/spanish/12', {
      verdict: 'correct',
      typed: 'hola',
      answerId: 'a'.repeat(16),
      sessionId: 's'.repeat(16),
      direction: 'recall',
    });
    expect(answer.status).toBe(500);
    expect(seen[0]).toEqual({ language: 'spanish', id: 12 });
    expect(seen[2]).toMatchObject({ verdict: 'correct', typed: 'hola', direction: 'recall' });
  });

  it('answers only the pinned language; a path its parameters refuse goes on to the next handler', async () => {
    server.use(
      fake('GET', '/api/settings', () => ({
        strictAccents: true,
        desiredRetention: DEFAULT_DESIRED_RETENTION,
        dailyGoal: 20,
        autoSpeak: false,
        theme: 'dark',
      })),
      fake('GET', '/api/{language}/stats', { language: 'french' }, () => languageStats('french')),
    );
    expect(await (await send('GET', '/api/french/stats')).json()).toMatchObject({ language: 'french' });
    await expect(send('GET', '/api/german/stats')).rejects.toThrow();
    // `/api/{language}` also has the shape of `/api/settings`: `settings` is no language, so settings answers.
    server.use(fake('GET', '/api/{language}', () => ({ words: [] }) as never));
    expect(await (await send('GET', '/api/settings')).json()).toMatchObject({ theme: 'dark' });
  });

  it('answers 400, as the server would, to a body the declaration refuses', async () => {
    let called = false;
    server.use(
      fake('POST', '/api/contact', () => {
        called = true;
        return { ok: true };
      }),
    );
    const answer = await send('POST', '/api/contact', { email: 'not an address' });
    expect(answer.status).toBe(400);
    expect(called).toBe(false);
  });

  it('refuses at typecheck a body the endpoint cannot answer, and an undeclared endpoint', () => {
    // @ts-expect-error: GET /api/{language}/stats answers a language's figures, not a list.
    fake('GET', '/api/{language}/stats', () => []);
    // @ts-expect-error: a field the response does not have the type of.
    fake('GET', '/api/auth/session', () => ({ user: { _id: 1, username: 'ana' } }));
    // @ts-expect-error: no such endpoint.
    expect(() => fake('GET', '/api/nowhere', () => ({}))).toThrow('No endpoint is declared as GET /api/nowhere');
  });
});
