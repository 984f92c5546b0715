import type { ApiPaths } from '@vocab/api';
import type { Query, QueryClient } from '@tanstack/react-query';

/** The declared paths that answer a GET: the only things the app caches. */
export type GetPath = { [P in keyof ApiPaths]: ApiPaths[P] extends { get: unknown } ? P : never }[keyof ApiPaths];

/** A GET's parameters as the client sends them (`{ path, query }`), typed from the endpoint's declaration. */
export type GetParams<P extends GetPath> = ApiPaths[P] extends { get: { parameters: infer X } }
  ? Omit<X, 'header' | 'cookie'>
  : never;

type DeepPartial<T> = T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/**
 * A query's key, derived from the endpoint it reads and the parameters it sends: `[path, params]`, and for a
 * list the app picks out of an answer, a name for that choice. The endpoint declarations are the only registry:
 * a feature reads or invalidates another's data through the endpoint's path, never a key written out by hand.
 */
export const queryKey = <P extends GetPath>(path: P, ...[params, selection]: KeyArguments<P>) =>
  selection === undefined ? ([path, params ?? {}] as const) : ([path, params ?? {}, selection] as const);

/** The parameters may be left out of a call that has none required. */
type KeyArguments<P extends GetPath> =
  object extends GetParams<P>
    ? [params?: GetParams<P>, selection?: string]
    : [params: GetParams<P>, selection?: string];

/**
 * The keys of every query of an endpoint (`[path]`), or of those whose parameters include `params` (TanStack
 * matches a key's objects partially): `queryFilter('/api/{language}/progress', { path: { language } })` is a
 * language's progress whatever the time zone.
 */
export const queryFilter = <P extends GetPath>(path: P, params?: DeepPartial<GetParams<P>>) =>
  params === undefined ? ([path] as const) : ([path, params] as const);

/** Whether a query reads one of `paths`. */
export const readsFrom =
  (...paths: readonly GetPath[]) =>
  (query: Query): boolean =>
    paths.includes(query.queryKey[0] as GetPath);

/** Who is logged in: kept when the rest of the cache is dropped at login, signup or logout. */
export const isSessionQuery = readsFrom('/api/auth/session');

/**
 * Forgets what the previous session read. Queries still on screen (the theme, the navbar) are reset, not removed:
 * a removed query's observers keep its old data and never ask again, so the account's saved theme would wait for a
 * reload.
 */
export function forgetSessionData(queryClient: QueryClient): void {
  const others = (q: Query) => !isSessionQuery(q);
  queryClient.removeQueries({ predicate: others, type: 'inactive' });
  void queryClient.resetQueries({ predicate: others, type: 'active' });
}

/** A quiz's own word list (its batch of new words, or its due words): read once, never refetched behind its back. */
export const isQuizQuery = readsFrom('/api/{language}', '/api/{language}/for-review');
