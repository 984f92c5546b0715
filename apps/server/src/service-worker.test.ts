import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { type TestDatabase, createTestDatabase, testClock, testConfig } from './test/harness.js';

/** The files of the installable app, served from a web build as the browser asks for them. */
describe("the installable app's files", () => {
  let tdb: TestDatabase;
  let webDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    tdb = await createTestDatabase('sqlite');
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Vocab</title><div id="root"></div>');
    fs.writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(webDir, 'registerSW.js'), 'navigator.serviceWorker.register("/sw.js");');
    fs.writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"Vocab"}');
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'assets/index-abc123.js'), 'export {};');
    app = await buildApp({ config: testConfig(), db: tdb.db, clock: testClock(), webDir, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await tdb.drop();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it(
    'sends the service worker, its registration and the manifest ' +
      'to be checked again on every visit, with their types',
    async () => {
      const [sw, register, manifest, asset] = await Promise.all(
        ['/sw.js', '/registerSW.js', '/manifest.webmanifest', '/assets/index-abc123.js'].map((url) =>
          app.inject({ method: 'GET', url }),
        ),
      );
      for (const res of [sw, register]) {
        expect(res?.statusCode).toBe(200);
        expect(res?.headers['content-type']).toMatch(/^(text|application)\/javascript/);
        expect(res?.headers['cache-control']).toBe('no-cache');
      }
      expect(manifest?.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(manifest?.headers['cache-control']).toBe('no-cache');
      // A worker runs under the page's policy for its own imports: scripts and connections from the app only.
      expect(String(sw?.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(asset?.headers['cache-control']).not.toBe('no-cache');
    },
  );
});
