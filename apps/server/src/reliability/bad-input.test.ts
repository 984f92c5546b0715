import type { ErrorBody } from '@vocab/api';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app.js';
import { describeEachDatabase, loginAs, sessionCookie } from '../test/harness.js';
import {
  ACTIVE_LANGUAGES,
  type RouteFixture,
  type RouteInfo,
  listRoutes,
  snapshotTables,
  validRequest,
} from '../test/reliability.js';

/** Inputs chosen to break parsers, queries and comparisons, beside fast-check's random ones. */
const NASTY = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; select pg_sleep(5)',
  "%' --",
  '\\',
  "\\'",
  '`',
  '$1',
  '?',
  '*',
  '../../etc/passwd',
  '..%2f..%2f',
  '%2e%2e%2f',
  '/..;/',
  '..\\..\\',
  '%00',
  '%ZZ',
  '%',
  '//',
  '/api/auth/logout',
  'ѕраnіѕh',
  'ｓｐａｎｉｓｈ',
  'spanish\u200b',
  '\u202espanish',
  'SPANISH',
  'Spanish ',
  'İ',
  'ß',
  'ﬁ',
  'e\u0301',
  '👩‍👩‍👧',
  '\ud800',
  '\uffff',
  '\u0000',
  'a\u0000b',
  '\r\n',
  '\t',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\u2028',
  '-1',
  '0',
  '1e309',
  '9'.repeat(30),
  '2147483648',
  '0x10',
  ' 1',
  '1.5',
  'NaN',
  'Infinity',
  'true',
  'null',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  'a'.repeat(65),
  'a'.repeat(257),
  'a'.repeat(5001),
];

const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)), maxLength: 10 }),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', 'é', '\u0000', "'", '𝔸'), fc.integer({ min: 100, max: 40_000 }))
      .map(([c, n]) => c.repeat(n)),
  },
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(-1),
      fc.constant(2 ** 53),
    ),
  },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 3 }) },
);

/** How a valid request is spoilt: one field changed, dropped or added, or the body replaced entirely. */
const bodyMutation = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), field: fc.nat(), value: nastyValue }),
  fc.record({ kind: fc.constant('drop' as const), field: fc.nat() }),
  fc.record({
    kind: fc.constant('extra' as const),
    key: fc.oneof(nastyString, fc.constant('__proto__')),
    value: nastyValue,
  }),
  fc.record({ kind: fc.constant('replace' as const), value: fc.oneof(nastyValue, fc.jsonValue({ maxDepth: 3 })) }),
  fc.record({
    kind: fc.constant('raw' as const),
    text: fc.constantFrom(
      '{"a":',
      '[',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      'null',
      '""',
      '\u0000',
      '{}'.repeat(10),
    ),
  }),
  fc.constant({ kind: 'keep' as const }),
);

const requestArb = (routeCount: number) =>
  fc.record({
    route: fc.nat({ max: routeCount - 1 }),
    params: fc.array(fc.option(nastyValue, { nil: undefined, freq: 3 }), { minLength: 3, maxLength: 3 }),
    query: fc.option(
      fc.array(
        fc.tuple(fc.constantFrom('limit', 'language', 'wordId', 'word', 'x', '__proto__', 'language[]'), nastyString),
        { maxLength: 4 },
      ),
      { nil: undefined },
    ),
    body: bodyMutation,
    who: fc.constantFrom('account', 'guest', 'visitor'),
    contentType: fc.constantFrom(
      'application/json',
      'application/json',
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
    ),
    ip: fc.ipV4(),
  });

/** encodeURIComponent, except that a lone surrogate becomes its (invalid) UTF-8 bytes instead of throwing. */
/** The API's error shape: a code and a message, and for invalid input each field's path and message. */
const errorShape = (body: ErrorBody) => ({
  error: {
    code: expect.any(String),
    message: expect.any(String),
    ...(body.error?.issues
      ? { issues: body.error.issues.map(() => ({ path: expect.any(String), message: expect.any(String) })) }
      : {}),
  },
});

const encode = (s: string) =>
  s
    .split(/(\p{Cs})/u)
    .map((part) => (/^\p{Cs}$/u.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
const encodeParam = (v: unknown) => encode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

describeEachDatabase('bad input', (ctx) => {
  async function fixture() {
    const { cookie, userId } = await loginAs(ctx().app, 'victim');
    const wordIds: Record<string, string> = {};
    for (const language of ACTIVE_LANGUAGES) {
      const [word] = (await ctx().app.inject({ method: 'GET', url: `/api/${language}`, headers: { cookie } })).json<
        Array<{ _id: string }>
      >();
      wordIds[language] = word?._id ?? '1';
      await ctx().app.inject({
        method: 'PATCH',
        url: `/api/${language}/${word?._id}`,
        payload: { answerId: `fixture-${language}` },
        headers: { cookie },
      });
    }
    const guest = sessionCookie(await ctx().app.inject({ method: 'PATCH', url: `/api/spanish/${wordIds.spanish}` }));
    const f: RouteFixture = { userId, wordIds, answerId: 'fixture-spanish' };
    return { account: cookie, guest, f };
  }

  it('answers every malformed request below 500 and changes no row when it refuses one', async () => {
    const { account, guest, f } = await fixture();
    const routes = listRoutes(ctx().app);
    const runs = ctx().db.dialect === 'sqlite' ? 2500 : 1000;
    // Each run draws new requests; every failure names its seed so that the same requests can be sent again.
    const seed = Number(process.env.SWEEP_SEED ?? Date.now() % 2 ** 31);
    const replay = `seed ${seed}: SWEEP_SEED=${seed} sends the same requests again`;
    let tried = 0;
    let refused = 0;
    const statuses = new Map<number, number>();
    let before = await snapshotTables(ctx().db);

    await fc.assert(
      fc.asyncProperty(requestArb(routes.length), async (r) => {
        const route = routes[r.route] as RouteInfo;
        const valid = validRequest(route, f);
        // Path parameters: each is either kept valid or replaced by a nasty value.
        const [validPath = '', validQuery] = valid.url.split('?');
        const validSegments = validPath.split('/');
        let i = 0;
        let url = route.url
          .split('/')
          .map((segment, k) => {
            if (!segment.startsWith(':')) return segment;
            const nasty = r.params[i++];
            return nasty === undefined ? validSegments[k] : encodeParam(nasty);
          })
          .join('/');
        const query =
          r.query === undefined ? validQuery : r.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
        if (query) url += `?${query}`;

        let payload: string | undefined;
        const base: Record<string, unknown> = { ...(valid.payload ?? {}) };
        const keys = Object.keys(base);
        switch (r.body.kind) {
          case 'set':
            if (keys.length) base[keys[r.body.field % keys.length] ?? ''] = r.body.value;
            payload = JSON.stringify(base);
            break;
          case 'drop':
            if (keys.length) delete base[keys[r.body.field % keys.length] ?? ''];
            payload = JSON.stringify(base);
            break;
          case 'extra':
            Object.defineProperty(base, r.body.key, { value: r.body.value, enumerable: true });
            payload = JSON.stringify(base);
            break;
          case 'replace':
            payload = JSON.stringify(r.body.value);
            break;
          case 'raw':
            payload = r.body.text;
            break;
          case 'keep':
            payload = valid.payload ? JSON.stringify(valid.payload) : undefined;
            break;
        }
        const cookie = r.who === 'account' ? account : r.who === 'guest' ? guest : undefined;
        const withBody = route.method !== 'GET' && payload !== undefined;
        const res = await ctx().app.inject({
          method: route.method as InjectOptions['method'],
          url,
          remoteAddress: r.ip,
          headers: { ...(cookie ? { cookie } : {}), ...(withBody ? { 'content-type': r.contentType } : {}) },
          ...(withBody ? { payload } : {}),
        });
        tried++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const what =
          `${route.method} ${url.slice(0, 200)} body=${(payload ?? '').slice(0, 200)} ` +
          `→ ${res.statusCode} ${res.body.slice(0, 200)} (${replay})`;
        expect(res.statusCode, what).toBeLessThan(500);
        const after = await snapshotTables(ctx().db);
        if (res.statusCode >= 400) {
          refused++;
          expect(after, `a refused request changed rows: ${what}`).toEqual(before);
          if (url.startsWith('/api/')) expect(res.json(), what).toEqual(errorShape(res.json<ErrorBody>()));
        }
        before = after;
      }),
      { numRuns: runs, seed, endOnFailure: true },
    );
    const summary = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.log(
      `bad-input sweep [${ctx().db.dialect}]: ${tried} requests over ${routes.length} routes, ` +
        `${refused} refused, none 5xx (${summary}); ${replay}`,
    );
  }, 120_000);

  it('refuses a body over the limit with 413 on every route that takes one, changing nothing', async () => {
    const { account, f } = await fixture();
    // An import takes a file of up to 5 MB and no JSON; its own limit is tested in modules/transfer/transfer.test.ts.
    const routes = listRoutes(ctx().app).filter((r) => r.method !== 'GET' && !/\/import(\/preview)?$/.test(r.url));
    const before = await snapshotTables(ctx().db);
    let tried = 0;
    for (const route of routes) {
      const { url } = validRequest(route, f);
      for (const payload of [
        JSON.stringify({ word: 'x'.repeat(BODY_LIMIT_BYTES), translation: 'y' }),
        `"${'é'.repeat(BODY_LIMIT_BYTES / 2 + 10)}"`,
      ]) {
        const res = await ctx().app.inject({
          method: route.method as InjectOptions['method'],
          url,
          payload,
          headers: { cookie: account, 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${route.method} ${url}`).toBe(413);
        expect(res.json().error.code).toBe('payload_too_large');
        tried++;
      }
    }
    expect(await snapshotTables(ctx().db)).toEqual(before);
    console.log(`oversized bodies: ${tried} requests over ${routes.length} routes, all 413`);
  });
});
