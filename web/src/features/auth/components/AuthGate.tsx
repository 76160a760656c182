import { useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getAuthToken } from '../../../lib/auth-token';
import { useCurrentUser } from '../api/use-current-user';
import { AuthPage } from './AuthPage';
import { LoadingScreen } from './LoadingScreen';

/**
 * Only signed-in users get past this: a loading screen during the check, else the auth page.
 * Offline (the server cannot be reached, a token is stored) the signed-in shell stays, with an
 * offline notice (PwaBanners); when the network is back the check and every failed query run again.
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

  // Back online: whatever failed or waited meanwhile (lists, the video page) is asked for again.
  const wasUnreachable = useRef(false);
  useEffect(() => {
    if (unreachable) {
      wasUnreachable.current = true;
      return;
    }
    if (!user || !wasUnreachable.current) return;
    wasUnreachable.current = false;
    void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status !== 'success' || query.state.fetchStatus === 'paused' });
  }, [user, unreachable, queryClient]);

  if (isLoading) return <LoadingScreen />;
  if (!user) return <AuthPage />;
  return <>{children}</>;
}
