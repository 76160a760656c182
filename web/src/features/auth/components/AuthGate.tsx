import { useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '../../../config/constants';
import { getAuthToken } from '../../../lib/auth-token';
import { useCurrentUser } from '../api/use-current-user';
import { AuthPage } from './AuthPage';
import { LoadingScreen } from './LoadingScreen';

/**
 * Only signed-in users get past this: a loading screen during the check, else the auth page.
 * Offline (the server cannot be reached, a token is stored) the signed-in shell stays, with an
 * offline notice (PwaBanners) and the last-loaded library and plan (lib/persisted-cache.ts); when
 * the network is back the check and every query run again.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const { user, isLoading, unreachable, refetch } = useCurrentUser();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (user && !unreachable) return undefined;
    const onOnline = () => {
      if (!getAuthToken()) return;
      void refetch();
    };
    window.addEventListener('online', onOnline);
    // The gateway may come back without an online event (it was down, not the network): try now and then.
    const timer = unreachable ? window.setInterval(() => navigator.onLine && onOnline(), 5_000) : undefined;
    return () => {
      window.removeEventListener('online', onOnline);
      if (timer) window.clearInterval(timer);
    };
  }, [user, unreachable, refetch]);

  // Back online: everything is asked for again, what failed meanwhile and what was shown from the
  // offline snapshot (last loaded, and without its signed media URLs).
  const wasUnreachable = useRef(false);
  useEffect(() => {
    if (unreachable) {
      wasUnreachable.current = true;
      return;
    }
    if (!user || !wasUnreachable.current) return;
    wasUnreachable.current = false;
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0] });
  }, [user, unreachable, queryClient]);

  if (isLoading) return <LoadingScreen />;
  if (!user) return <AuthPage />;
  return <>{children}</>;
}
