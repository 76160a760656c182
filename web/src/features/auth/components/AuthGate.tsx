import { useEffect, type ReactNode } from 'react';
import { getAuthToken } from '../../../lib/auth-token';
import { useCurrentUser } from '../api/use-current-user';
import { AuthPage } from './AuthPage';
import { LoadingScreen } from './LoadingScreen';

/** Only signed-in users get past this: a loading screen during the check, else the auth page. */
export function AuthGate({ children }: { children: ReactNode }) {
  const { user, isLoading, refetch } = useCurrentUser();

  // A check that failed while offline is retried once the connection is back (token still stored).
  useEffect(() => {
    if (user) return undefined;
    const onOnline = () => {
      if (getAuthToken()) void refetch();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [user, refetch]);

  if (isLoading) return <LoadingScreen />;
  if (!user) return <AuthPage />;
  return <>{children}</>;
}
