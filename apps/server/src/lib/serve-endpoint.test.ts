import { type Endpoint, allEndpoints } from '@vocab/api';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { listRoutes } from '../test/reliability.js';
import { routeUrls } from './serve-endpoint.js';

/** Routes that are not the API's own calls: the OpenAPI document, the docs page and its files. */
const isDocs = (url: string) => url === '/api/openapi.json' || url === '/api/docs' || url.startsWith('/api/docs/');

const routesOf = (endpoint: Endpoint) => routeUrls(endpoint).map((url) => `${endpoint.method} ${url}`);

describe('endpoint declarations', () => {
  it('declare each method and path once', () => {
    const keys = allEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describeEachDatabase('declared routes', (ctx) => {
  it('every /api route is registered from a declaration, and every declaration is registered', () => {
    const api = listRoutes(ctx().app).filter((r) => r.url.startsWith('/api/') && !isDocs(r.url));
    const undeclared = api.filter((r) => !r.endpoint).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    const registered = new Set(api.map((r) => `${r.method} ${r.url}`));
    const missing = allEndpoints.flatMap(routesOf).filter((key) => !registered.has(key));
    expect(missing).toEqual([]);
    // And nothing beyond them: an inactive language has no routes, so it stays a 404.
    expect(registered.size).toBe(allEndpoints.flatMap(routesOf).length);
  });

  it('an inactive or unknown language is still a 404', async () => {
    for (const url of ['/api/swedish/for-review', '/api/klingon/for-review']) {
      const res = await ctx().app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
