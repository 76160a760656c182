import type { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY, VIDEOS_QUERY_KEY } from '../config/constants';
import { getAuthToken } from '../lib/auth-token';
import { isMobileDevice } from '../lib/device';
import { currentUserOrOffline } from '../features/auth/api/use-current-user';
import { billingQuery } from '../features/billing/api';
import { showsVideos, startScreen } from './start-screen';

/**
 * With a stored token, the first screen's data is asked for as the app starts, all at once: the
 * auth check, the plan (the sidebar's label, the phone's plan notice) and, where the first screen
 * lists them, the videos. The screens' queries then find them on their way or done.
 */
export function prefetchStartData(queryClient: QueryClient, pathname: string): void {
  const screen = startScreen({ pathname, signedIn: !!getAuthToken(), phone: isMobileDevice() });
  if (screen === 'signed-out') return;
  void queryClient.prefetchQuery({ queryKey: CURRENT_USER_QUERY_KEY, queryFn: ({ signal }) => currentUserOrOffline(signal) });
  void queryClient.prefetchQuery(billingQuery);
  if (showsVideos(screen, pathname)) void queryClient.prefetchQuery({ queryKey: VIDEOS_QUERY_KEY });
}
