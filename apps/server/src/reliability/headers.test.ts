import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { type TestDatabase, createTestDatabase, seedDecks, testClock, testConfig } from '../test/harness.js';

/** The CSP directives, as a map from name to sources. */
function csp(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name ?? '', sources]),
  );
}

describe('security headers', () => {
  let tdb: TestDatabase;
  let webDir: string;
  const apps: FastifyInstance[] = [];
  const build = async (overrides: Partial<Config> = {}) => {
    const app = await buildApp({
      config: testConfig(overrides),
      db: tdb.db,
      clock: testClock(),
      webDir,
      logger: false,
    });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    tdb = await createTestDatabase('sqlite');
    await seedDecks(tdb.db, 5);
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Vocab</title><div id="root"></div>');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await tdb.drop();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it(
    'sends a strict CSP, nosniff, ' + 'no framing and a strict Referrer-Policy on pages, API answers and errors',
    async () => {
      const app = await build();
      const responses = await Promise.all([
        app.inject({ method: 'GET', url: '/' }),
        app.inject({ method: 'GET', url: '/spanish/quiz' }),
        app.inject({ method: 'GET', url: '/api/languages' }),
        app.inject({ method: 'GET', url: '/api/no-such-route' }),
        app.inject({ method: 'PATCH', url: '/api/spanish/abc' }),
        app.inject({
          method: 'POST',
          url: '/api/contact',
          headers: { 'content-type': 'application/json' },
          payload: 'x'.repeat(70_000),
        }),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 404, 400, 413]);
      for (const res of responses) {
        const where = `${res.statusCode} ${res.raw.req.url}`;
        const policy = csp(res.headers['content-security-policy']);
        expect(policy.get('default-src'), where).toEqual(["'self'"]);
        expect(policy.get('script-src'), where).toEqual(["'self'"]);
        expect(policy.get('object-src'), where).toEqual(["'none'"]);
        expect(policy.get('frame-ancestors'), where).toEqual(["'none'"]);
        expect(policy.get('base-uri'), where).toEqual(["'self'"]);
        expect(policy.get('form-action'), where).toEqual(["'self'"]);
        const everySource = [...policy.values()].flat();
        for (const loose of ["'unsafe-inline'", "'unsafe-eval'", '*', 'http:', 'https:'])
          expect(everySource, where).not.toContain(loose);
        expect(res.headers['x-content-type-options'], where).toBe('nosniff');
        expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'], where).toContain(
          res.headers['referrer-policy'],
        );
        // Over plain HTTP there is no HSTS: browsers ignore it there, and it would pin localhost to HTTPS.
        expect(res.headers['strict-transport-security'], where).toBeUndefined();
      }
      // API answers hold a learner's data: no shared cache may keep them.
      expect(responses[2]?.headers['cache-control']).toBe('no-store');
    },
  );

  it('sends HSTS and Secure cookies behind an HTTPS proxy when the proxy is trusted, and only then', async () => {
    const proxied = await build({ trustProxy: 1 });
    const https = await proxied.inject({
      method: 'GET',
      url: '/api/languages',
      headers: { 'x-forwarded-proto': 'https' },
    });
    const hsts = String(https.headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(180 * 86_400);
    expect(hsts).toContain('includeSubDomains');
    const page = await proxied.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(page.headers['strict-transport-security']).toBe(https.headers['strict-transport-security']);
    const http = await proxied.inject({
      method: 'GET',
      url: '/api/languages',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(http.headers['strict-transport-security']).toBeUndefined();

    await proxied.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: 'secure', password: 'correct horse' },
    });
    const login = await proxied.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'secure', password: 'correct horse' },
      headers: { 'x-forwarded-proto': 'https', host: 'vocab.example', origin: 'https://vocab.example' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.cookies.find((c) => c.name === 'sid')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    });

    // Without TRUST_PROXY a client cannot claim HTTPS by sending the header itself.
    const direct = await build({ trustProxy: false });
    const spoofed = await direct.inject({
      method: 'GET',
      url: '/api/languages',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});
