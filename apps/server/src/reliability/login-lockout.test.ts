import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { sha256 } from '../lib/tokens.js';
import { appOn, describeEachDatabase, sessionCookie } from '../test/harness.js';

/**
 * Ten wrong passwords from anywhere used to lock an account for 15 minutes, its owner too. Now a browser
 * that has logged in before (device cookie) is counted on its own; strangers are limited per (account, address)
 * and, all together, by delays that grow up to a minute. Client addresses come from X-Forwarded-For behind one
 * trusted proxy (TRUST_PROXY=1), as in production.
 */
const OWNER = { username: 'owner', password: 'correct horse battery' };
const from = (address: string) => ({ 'x-forwarded-for': address });
const attackerAddress = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const deviceCookie = (res: LightMyRequestResponse): string => {
  const cookie = res.cookies.find((c) => c.name === 'did');
  if (!cookie) throw new Error(`no device cookie in ${res.statusCode}`);
  return `did=${cookie.value}`;
};

describeEachDatabase('login without lockout', (ctx) => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await appOn(ctx(), { trustProxy: 1 });
  });
  afterEach(async () => {
    await app.close();
  });

  const login = (payload: object, address: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { ...from(address), ...(cookie ? { cookie } : {}) },
    });

  /** The owner's browser: signed up there, so the account knows it. */
  async function ownerBrowser(): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: OWNER,
      headers: from('192.0.2.10'),
    });
    expect(res.statusCode).toBe(201);
    return deviceCookie(res);
  }

  /**
   * `n` wrong guesses from `n` addresses, one a second; how many reached the password check (401) and how many waited.
   */
  async function attack(n: number, start = 0): Promise<{ checked: number; refused: number; retryAfter: number[] }> {
    let checked = 0;
    let refused = 0;
    const retryAfter: number[] = [];
    for (let i = start; i < start + n; i++) {
      const res = await login({ username: OWNER.username, password: `guess ${i}` }, attackerAddress(i));
      if (res.statusCode === 401) checked++;
      else if (res.statusCode === 429) {
        refused++;
        retryAfter.push(Number(res.headers['retry-after']));
      } else throw new Error(`unexpected ${res.statusCode} ${res.body}`);
      ctx().clock.advance(1_000);
    }
    return { checked, refused, retryAfter };
  }

  it(
    'lets the owner log in from a browser that has logged in before, ' + 'during an attack from many addresses',
    async () => {
      const device = await ownerBrowser();
      const first = await attack(200);
      const owner = await login(OWNER, '192.0.2.10', device);
      expect(owner.statusCode).toBe(200);
      expect(sessionCookie(owner)).toMatch(/^sid=/);
      // Again in the middle of an ongoing attack, from another address (a phone on another network, same browser).
      await attack(50, 200);
      expect((await login(OWNER, '198.51.100.99', device)).statusCode).toBe(200);
      // Its own typos count for it alone: 10, then it waits; the attack is not what stops it.
      expect(first.checked).toBeLessThan(40);
    },
  );

  it("lets the owner's known browser in during a spray of made-up names from the owner's own address", async () => {
    const device = await ownerBrowser();
    // Someone behind the same NAT or campus address sprays names until the address is limited.
    const shared = '192.0.2.10';
    let limited = 0;
    for (let i = 0; i < 60; i++) {
      const res = await login({ username: `made-up-${i}`, password: 'spring2026' }, shared);
      if (res.statusCode === 429) limited++;
      else expect(res.statusCode).toBe(401);
    }
    expect(limited).toBe(10);
    // The owner's known browser, same address, right password: in.
    const owner = await login(OWNER, shared, device);
    expect(owner.statusCode, owner.body).toBe(200);
    // The sprayer stays limited, on made-up names and on the owner's name alike.
    expect((await login({ username: 'made-up-61', password: 'spring2026' }, shared)).statusCode).toBe(429);
    expect((await login({ username: OWNER.username, password: 'guess' }, shared)).statusCode).toBe(429);
    // A known browser guessing wrong is still counted on its own: ten tries, then it waits too.
    const wrong = [];
    for (let i = 0; i < 11; i++)
      wrong.push((await login({ ...OWNER, password: `wrong ${i}` }, shared, device)).statusCode);
    expect(wrong.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(wrong[10]).toBe(429);
  });

  it(
    'keeps an attacker with many addresses slow: ' + '10 free guesses, then one per growing delay up to a minute',
    async () => {
      await ownerBrowser();
      const { checked, refused, retryAfter } = await attack(900);
      // 15 minutes at a guess a second: 10 free, then after 1 + 2 + 4 + 8 + 16 + 32 s, then one a minute.
      console.log(
        `login attack: 900 guesses from 900 addresses in 15 min, ` +
          `${checked} reached the password check, ${refused} waited`,
      );
      expect(checked).toBeGreaterThanOrEqual(10);
      expect(checked).toBeLessThanOrEqual(10 + 6 + 15);
      expect(Math.max(...retryAfter)).toBeLessThanOrEqual(60);
    },
  );

  it('lets parallel guesses through one at a time once the free ones are used', async () => {
    await ownerBrowser();
    await attack(10);
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login({ username: OWNER.username, password: `burst ${i}` }, attackerAddress(5_000 + i)),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(39);
  });

  it('stops one address after 10 wrong passwords on a name, without stopping the owner elsewhere', async () => {
    const device = await ownerBrowser();
    for (let i = 0; i < 10; i++) {
      expect((await login({ username: OWNER.username, password: `guess ${i}` }, '203.0.113.66')).statusCode).toBe(401);
      ctx().clock.advance(61_000);
    }
    const blocked = await login(OWNER, '203.0.113.66');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
    expect((await login(OWNER, '192.0.2.10', device)).statusCode).toBe(200);
  });

  it('makes an owner on a new browser wait at most a minute during an attack, never 15 minutes', async () => {
    await ownerBrowser();
    await attack(300);
    const waiting = await login(OWNER, '198.51.100.20');
    expect(waiting.statusCode).toBe(429);
    const seconds = Number(waiting.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    ctx().clock.advance(seconds * 1_000);
    const res = await login(OWNER, '198.51.100.20');
    expect(res.statusCode).toBe(200);
    // That browser is known from now on.
    expect(deviceCookie(res)).toMatch(/^did=/);
  });

  it(
    'keeps only the hash of the device token, ' + 'in an httpOnly cookie for /api/auth, valid for its own account only',
    async () => {
      const signup = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: OWNER,
        headers: from('192.0.2.10'),
      });
      const cookie = signup.cookies.find((c) => c.name === 'did');
      expect(cookie).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Strict' });
      const rows = await ctx().db.kysely.selectFrom('known_devices').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toBe(sha256(cookie?.value ?? ''));
      expect(JSON.stringify(rows)).not.toContain(cookie?.value);
      // The owner's browser is a stranger to another account: its guesses there are limited as anyone's.
      await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { username: 'other', password: 'another secret' },
        headers: from('192.0.2.11'),
      });
      const device = deviceCookie(signup);
      for (let i = 0; i < 10; i++)
        expect((await login({ username: 'other', password: `guess ${i}` }, '192.0.2.10', device)).statusCode).toBe(401);
      expect((await login({ username: 'other', password: 'another secret' }, '192.0.2.10', device)).statusCode).toBe(
        429,
      );
      // A forged or stale cookie is just an unknown browser.
      expect((await login(OWNER, '192.0.2.12', 'did=forged-token-forged-token')).statusCode).toBe(200);
    },
  );
});
