import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again; a dropped connection might.
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
        refetchOnWindowFocus: false,
        // Offline, a read is still tried once: the service worker answers the reads it keeps (the homes, a quiz's
        // session and lexicon) from its cache; only retries wait for the network. The default would wait at once,
        // leaving a home loading (or, after a reload the browser thinks online, failing) with no way to practise.
        networkMode: 'offlineFirst',
      },
    },
  });
}
