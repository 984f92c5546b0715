import { allEndpoints } from '@vocab/api';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        parameters?: Array<{ name: string; in: string; schema: { enum?: string[] } }>;
        requestBody?: { required?: boolean; content: Record<string, unknown> };
        responses: Record<string, unknown>;
      }
    >
  >;
}

describeEachDatabase('API docs', (ctx) => {
  it(
    'serves every declared endpoint once in the OpenAPI document, ' + 'per-language paths with their languages',
    async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json<OpenApiDocument>();
      expect(doc.openapi).toBe('3.1.0');
      const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
      );
      // Documented without a trailing slash (the server takes both spellings).
      expect(documented.sort()).toEqual(
        allEndpoints.map((e) => `${e.method} ${e.path.replace(/(.)\/$/, '$1')}`).sort(),
      );

      const review = doc.paths['/api/{language}/for-review']?.get;
      const language = review?.parameters?.find((p) => p.name === 'language');
      expect(language?.in).toBe('path');
      expect(language?.schema.enum).toEqual(['spanish', 'french', 'german', 'italian', 'portuguese']);
      expect(review?.parameters?.find((p) => p.name === 'direction')?.in).toBe('query');
      expect(Object.keys(review?.responses ?? {})).toEqual(['200', '4XX']);
      expect(Object.keys(doc.paths['/api/{language}/import']?.post?.requestBody?.content ?? {})).toContain(
        'application/octet-stream',
      );
      expect(Object.keys(doc.paths['/api/auth/signup']?.post?.requestBody?.content ?? {})).toEqual([
        'application/json',
      ]);
      expect(doc.paths['/api/auth/signup']?.post?.requestBody?.required).toBe(true);
      // An answer without a body counts as correct (as the original's clients make them): its body is optional.
      expect(doc.paths['/api/{language}/{id}']?.patch?.requestBody?.required).toBe(false);
      // The quiz's answer call shows a realistic example, not one generated from the schema.
      expect(res.body).toContain('"typed":"the house"');
    },
  );

  it(
    'serves the docs page with its own scripts, ' + 'relaxing the Content-Security-Policy for its inline styles only',
    async () => {
      const page = await ctx().app.inject({ method: 'GET', url: '/api/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      // Scripts only from the app itself, as everywhere; inline styles for the page's code highlighter, here only.
      expect(page.headers['content-security-policy']).toContain("script-src 'self';");
      expect(page.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
      const home = await ctx().app.inject({ method: 'GET', url: '/api/status' });
      expect(home.headers['content-security-policy']).toContain("style-src 'self';");
      const script = /<script src="([^"]+swagger-ui-bundle\.js)"/.exec(page.body)?.[1];
      expect(script).toBeDefined();
      const bundle = await ctx().app.inject({
        method: 'GET',
        url: new URL(script ?? '', 'http://x/api/docs/').pathname,
      });
      expect(bundle.statusCode).toBe(200);
    },
  );
});
