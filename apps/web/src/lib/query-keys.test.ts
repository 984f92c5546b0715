import { QueryClient, type QueryFilters } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { isQuizQuery, isSessionQuery, queryFilter, queryKey } from './query-keys';

/** A cache holding one answer under each key, as the screens fill it. */
function cacheWith(...keys: ReadonlyArray<readonly unknown[]>) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 'data');
  return client;
}

const keysOf = (client: QueryClient, filters: QueryFilters) =>
  client
    .getQueryCache()
    .findAll(filters)
    .map((query) => query.queryKey);

describe('query keys derived from the endpoint declarations', () => {
  const spanishProgress = queryKey('/api/{language}/progress', {
    path: { language: 'spanish' },
    query: { tz: 'Europe/Madrid' },
  });
  const frenchProgress = queryKey('/api/{language}/progress', {
    path: { language: 'french' },
    query: { tz: 'Europe/Madrid' },
  });
  const spanishStats = queryKey('/api/{language}/stats', { path: { language: 'spanish' } });
  const batch = queryKey('/api/{language}', {
    path: { language: 'spanish' },
    query: { limit: 15, unlearned: 'true', direction: 'recall' },
  });
  const inContext = queryKey(
    '/api/{language}',
    { path: { language: 'spanish' }, query: { limit: 15, unlearned: 'true', direction: 'recall' } },
    'with-sentence',
  );
  const due = queryKey('/api/{language}/for-review', { path: { language: 'spanish' }, query: { direction: 'recall' } });
  const session = queryKey('/api/auth/session');

  it('a filter naming some parameters finds that language only, whatever the rest', () => {
    const client = cacheWith(spanishProgress, frenchProgress, spanishStats);
    expect(
      keysOf(client, { queryKey: queryFilter('/api/{language}/progress', { path: { language: 'spanish' } }) }),
    ).toEqual([spanishProgress]);
    expect(keysOf(client, { queryKey: queryFilter('/api/{language}/progress') })).toEqual([
      spanishProgress,
      frenchProgress,
    ]);
  });

  it('a list picked out of an answer is a query of its own, beside the whole answer', () => {
    const client = cacheWith(batch, inContext);
    client.setQueryData(inContext, 'picked');
    expect(client.getQueryData(batch)).toBe('data');
    expect(client.getQueryData(inContext)).toBe('picked');
  });

  it("tells the session and the quiz's word lists from the figures an answer makes stale", () => {
    const client = cacheWith(session, batch, inContext, due, spanishStats, spanishProgress);
    expect(keysOf(client, { predicate: isSessionQuery })).toEqual([session]);
    expect(keysOf(client, { predicate: isQuizQuery })).toEqual([batch, inContext, due]);
    expect(keysOf(client, { predicate: (query) => !isSessionQuery(query) && !isQuizQuery(query) })).toEqual([
      spanishStats,
      spanishProgress,
    ]);
  });
});
