import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * One HTTP endpoint, declared once: the server registers its route from this (validation, serialisation, the
 * OpenAPI document) and the web app derives its client's types from it. `path` is in OpenAPI form
 * (`/api/{language}/for-review`); a path that starts with `/api/{language}` is served once per active language, so
 * an unknown language stays a 404.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  /** A line for the API's docs page. */
  readonly summary: string;
  /** The docs page's group. */
  readonly tag: string;
  /** Path parameters, `{language}` included, as a zod object. */
  readonly params?: z.ZodObject;
  readonly query?: z.ZodType;
  /** A JSON body; with `upload`, the raw bytes of a file instead. */
  readonly body?: z.ZodType;
  /** The body is a file's bytes (application/octet-stream), decoded by the server. */
  readonly upload?: true;
  /** The largest upload the route reads, in bytes (the app's body limit otherwise). */
  readonly maxBytes?: number;
  /** JSON answers by status; a `download` answers 200 with a file instead. */
  readonly responses: { readonly [status: number]: z.ZodType };
  /** The file types a download is sent as. */
  readonly download?: readonly string[];
  /** Answers 303 to a page of the web app (a link from a mail, opened in a browser) instead of JSON. */
  readonly redirect?: true;
}

/**
 * Keeps a declaration's literal types (method, path, schemas), which the server's handlers and the web's client read.
 */
export const endpoint = <const E extends Endpoint>(declaration: E): E => declaration;

/** Whether a declared path is served once per active language (`/api/spanish/…`, `/api/french/…`). */
export const isPerLanguage = (path: string): boolean =>
  path === '/api/{language}' || path.startsWith('/api/{language}/');
