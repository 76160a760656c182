import { QueryClient } from '@tanstack/react-query';
import { QUERY_GC_TIME } from '../config/constants';
import { getQueryFn } from './api-client';
import { signedInUserId } from './auth-token';
import { keepSnapshot } from './persisted-cache';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        gcTime: QUERY_GC_TIME,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        // Offline, a query fails at once with what is true (UnreachableError) instead of pausing
        // with no data, which screens would take for an empty library.
        networkMode: 'always',
      },
      mutations: {
        retry: false,
        networkMode: 'always',
      },
    },
  });
}

export const queryClient = createQueryClient();
// The last-loaded library and plan, for a reload while the server cannot be reached.
keepSnapshot(queryClient, signedInUserId);
