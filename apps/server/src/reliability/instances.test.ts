import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAdmin } from '../test/harness.js';
import { type ServerProcess, ensureFreshBuild, httpClient, startBuiltServer } from '../test/reliability.js';
import { SESSION_TRUST_MS } from '../modules/auth/session-cache.js';

/**
 * Two built servers on different ports sharing one PostgreSQL database, as behind a reverse proxy: they start
 * together on an empty schema (migrations and decks loaded once between them), a session made on one works on the
 * other, logout on one ends it there at once and on the other within 2 s (modules/auth/session-cache.ts), and the
 * login rate limit counts attempts made on either.
 */
const baseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(baseUrl)('several instances on one PostgreSQL', () => {
  const schema = `inst_${randomBytes(6).toString('hex')}`;
  let a: ServerProcess;
  let b: ServerProcess;

  const admin = (query: string) => postgresAdmin(baseUrl ?? '', query);

  beforeAll(async () => {
    await ensureFreshBuild();
    await admin(`create schema ${schema}`);
    const url = new URL(baseUrl ?? '');
    url.searchParams.set('options', `-c search_path=${schema}`);
    [a, b] = (await Promise.all([0, 1].map(() => startBuiltServer({ DATABASE_URL: url.toString() })))) as [
      ServerProcess,
      ServerProcess,
    ];
  }, 180_000);

  afterAll(async () => {
    for (const server of [a, b]) {
      server?.child.kill('SIGTERM');
      await server?.exited;
    }
    await admin(`drop schema ${schema} cascade`);
  });

  it('loads each deck once when both start on an empty database', async () => {
    const counts = await admin(
      `select language, count(*)::int as n from ${schema}.words ` +
        `where owner_id is null group by language order by language`,
    );
    const [fromA, fromB] = await Promise.all(
      [a, b].map(async (s) => (await httpClient(s.url).call('GET', '/api/languages')).json<unknown>()),
    );
    expect(fromB).toEqual(fromA);
    const spanish = (counts.rows as Array<{ language: string; n: number }>).find((r) => r.language === 'spanish');
    expect(spanish?.n).toBeGreaterThanOrEqual(1000);
    const versions = await admin(`select count(*)::int as n from ${schema}.deck_versions`);
    expect((versions.rows[0] as { n: number }).n).toBe(counts.rowCount);
  });

  it('honours a session across instances; a logout ends it there at once, on the other within 2 s', async () => {
    const onA = httpClient(a.url);
    expect(
      (await onA.call('POST', '/api/auth/signup', { username: 'traveller', password: 'correct horse battery' })).status,
    ).toBe(201);
    expect(
      (await onA.call('POST', '/api/auth/login', { username: 'traveller', password: 'correct horse battery' })).status,
    ).toBe(200);
    const onB = httpClient(b.url);
    onB.cookie = onA.cookie;
    const me = await onB.call('GET', '/api/auth/page-load-login');
    expect(me.status).toBe(200);
    expect(me.json<{ username: string }>().username).toBe('traveller');

    // Progress written through B is read through A.
    const [word] = (await onB.call('GET', '/api/spanish')).json<Array<{ _id: string }>>();
    expect((await onB.call('PATCH', `/api/spanish/${word?._id}`, { answerId: 'across-1' })).status).toBe(200);
    expect((await onA.call('GET', '/api/spanish/stats')).json<{ learnedCount: number }>().learnedCount).toBe(1);

    expect((await onA.call('GET', '/api/auth/logout', undefined, { origin: a.url })).status).toBe(200);
    const onAgainA = httpClient(a.url);
    onAgainA.cookie = onB.cookie;
    expect((await onAgainA.call('GET', '/api/auth/page-load-login')).status).toBe(401);
    // B read the session a moment ago and may trust it for SESSION_TRUST_MS, not longer.
    await new Promise((resolve) => setTimeout(resolve, SESSION_TRUST_MS));
    expect((await onB.call('GET', '/api/auth/page-load-login')).status).toBe(401);
  });

  it('counts failed logins made on either instance toward one limit', async () => {
    const setup = httpClient(a.url);
    await setup.call('POST', '/api/auth/signup', { username: 'targeted', password: 'correct horse battery' });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 12; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await httpClient(server.url).call('POST', '/api/auth/login', {
        username: 'targeted',
        password: `wrong ${i}`,
      });
      statuses.push(res.status);
      retryAfter ??= res.headers.get('retry-after');
    }
    // Ten failures in all (five on each) reach the account's limit; each instance alone saw only five or six.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
