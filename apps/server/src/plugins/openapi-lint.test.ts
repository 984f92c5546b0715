import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { allEndpoints, type Endpoint } from '@vocab/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../config.js';
import { appOn, createTestDatabase, testClock, type TestDatabase } from '../test/harness.js';
import { OPENAPI_PATH } from './api-docs.js';

const run = promisify(execFile);
const REDOCLY = path.join(ROOT_DIR, 'node_modules/.bin/redocly');

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

/**
 * The document the server serves, as another team's tools read it: Redocly's linter with its recommended rules
 * finds no error (servers, licence, an operationId on every operation, the cookie session declared where a call
 * needs it, no path that differs only by a trailing slash). Runs offline: the document is a local file.
 */
describe("the OpenAPI document under Redocly's recommended rules [sqlite]", () => {
  let tdb: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    tdb = await createTestDatabase('sqlite');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-openapi-'));
  });
  afterAll(async () => {
    await tdb.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has no error and no warning', async () => {
    const app = await appOn({ db: tdb.db, clock: testClock() });
    const file = path.join(dir, 'openapi.json');
    try {
      fs.writeFileSync(file, (await app.inject({ method: 'GET', url: OPENAPI_PATH })).body);
    } finally {
      await app.close();
    }
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    const result = await run(REDOCLY, ['lint', file, '--extends=recommended', '--format=json'], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }));
    const start = result.stdout.indexOf('{');
    expect(start, result.stderr).toBeGreaterThanOrEqual(0);
    const { problems } = JSON.parse(result.stdout.slice(start)) as { problems: LintProblem[] };
    // A redirect to a page of the web app (a mail's link opened in a browser) has no 2XX answer, by what it is.
    const redirects = allEndpoints
      .filter((e: Endpoint) => e.redirect)
      .map((e) => `#/paths/${e.path.replaceAll('/', '~1')}/${e.method.toLowerCase()}/responses`);
    const described = problems
      .filter((p) => !(p.ruleId === 'operation-2xx-response' && redirects.includes(p.location[0]?.pointer ?? '')))
      .map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(described).toEqual([]);
  }, 120_000);
});
