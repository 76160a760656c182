import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { BILLING_QUERY_KEY, CURRENT_USER_QUERY_KEY } from '../config/constants';
import { currentUserOrOffline } from '../features/auth/api/use-current-user';
import { billingQuery } from '../features/billing/api';
import { startRequests, type StartScreen } from './start-screen';

/** The query that reads each of the first screen's GETs (startRequests) into the cache. */
function startQuery(url: string): FetchQueryOptions<unknown> {
  if (url === CURRENT_USER_QUERY_KEY[0]) return { queryKey: CURRENT_USER_QUERY_KEY, queryFn: ({ client, signal }) => currentUserOrOffline(client, signal) };
  if (url === BILLING_QUERY_KEY[0]) return billingQuery as FetchQueryOptions<unknown>;
  return { queryKey: [url] };
}

/**
 * With a stored token, the first screen's data is read into the cache as the app starts, all at
 * once: the auth check, the plan and, where the first screen lists them, the videos. The entry sent
 * these GETs already (lib/early-get.ts), so their answers are on their way; the screens' queries
 * then find them on their way or done.
 */
export function prefetchStartData(queryClient: QueryClient, screen: StartScreen, pathname: string): void {
  for (const url of startRequests(screen, pathname)) void queryClient.prefetchQuery(startQuery(url));
}
