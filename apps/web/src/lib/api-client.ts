import type { ApiPaths, ErrorBody, ErrorIssue } from '@vocab/api';
import createClient, { createFinalURL, createQuerySerializer, defaultPathSerializer } from 'openapi-fetch';

/**
 * An API failure: the HTTP status and the server's stable error code, from `{ error: { code, message, issues } }`;
 * `issues` names each field a refused request got wrong (empty for other failures).
 */
export class ApiError extends Error {
  readonly code: string;
  readonly issues: readonly ErrorIssue[];

  constructor(
    readonly status: number,
    { code, message, issues = [] }: { code: string; message: string; issues?: readonly ErrorIssue[] | undefined },
  ) {
    super(message);
    this.code = code;
    this.issues = issues;
  }
}

/** The server refused a call for want of a session: none was sent, or it has ended (logged out elsewhere). */
export const isUnauthorized = (err: unknown): boolean => err instanceof ApiError && err.status === 401;

const unreachable = () =>
  new ApiError(0, { code: 'network', message: 'Could not reach the server. Check your connection.' });
const unreadable = () =>
  new ApiError(0, {
    code: 'unreadable',
    message: 'The server sent an answer the app could not read. Try again.',
  });

/**
 * The app's own API, typed from packages/api's endpoint declarations: `call(client.GET('/api/{language}/stats',
 * { params: { path: { language } } }))`. Same-origin with cookies; a request's URL is absolute (openapi-fetch builds
 * a Request, which needs one outside a page).
 */
export const client = createClient<ApiPaths>({
  baseUrl: globalThis.location?.origin ?? '',
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
  // globalThis.fetch is looked up on each call, so a test's interceptor (msw) sees every request.
  fetch: (request) => globalThis.fetch(request).catch(() => Promise.reject(unreachable())),
});

type Answer = { data?: unknown; error?: unknown; response: Response };

/**
 * Resolves with a call's JSON answer; rejects with ApiError (status 0 when the server could not be reached or its
 * answer was not JSON).
 */
export async function call<A extends Answer>(pending: Promise<A>): Promise<Exclude<A['data'], undefined>> {
  let answer: A;
  try {
    answer = await pending;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // A successful answer that is not JSON (a proxy's page, a cut-off body) has no data to give: a failure too.
    if (err instanceof SyntaxError) throw unreadable();
    throw unreachable();
  }
  const { status, ok } = answer.response;
  if (ok) return answer.data as Exclude<A['data'], undefined>;
  const err = (answer.error as Partial<ErrorBody> | string | undefined) ?? undefined;
  const body = typeof err === 'object' ? err.error : undefined;
  throw new ApiError(status, {
    code: body?.code ?? 'http_error',
    message: body?.message ?? `Request failed (${status})`,
    issues: body?.issues,
  });
}

type GetParameters<P extends keyof ApiPaths> = ApiPaths[P] extends { get: { parameters: infer X } } ? X : never;
type UrlParameters = { path?: Record<string, unknown>; query?: Record<string, unknown> };

/**
 * The URL of a GET call, checked against its declaration like the client's calls: for a download the browser follows
 * as a plain link, streaming the file to disk itself.
 */
export function apiUrl<P extends keyof ApiPaths>(path: P, params: GetParameters<P>): string {
  return createFinalURL(path, {
    baseUrl: '',
    params: params as UrlParameters,
    querySerializer: createQuerySerializer(),
    pathSerializer: defaultPathSerializer,
  });
}

/** A file's bytes (or pasted text) as an import sends them: as they are, for the server to decode. */
export async function fileUpload(file: Blob | string) {
  return {
    body: typeof file === 'string' ? file : await readBytes(file),
    bodySerializer: (body: ArrayBuffer | Uint8Array | string) => body,
    headers: { 'content-type': 'application/octet-stream' },
  };
}

/** A file's bytes through FileReader, which every browser (and jsdom, unlike Blob.arrayBuffer) has. */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () =>
      reject(new ApiError(0, { code: 'unreadable_file', message: 'The file could not be read. Choose it again.' }));
    reader.readAsArrayBuffer(file);
  });
}
