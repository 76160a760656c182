import { useQuery } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '../../../config/constants';
import { getAuthToken, rememberedUser } from '../../../lib/auth-token';
import type { User } from '../types';
import { getCurrentUser, UnreachableError } from './get-current-user';

export function useCurrentUser() {
  const query = useQuery<User | null>({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: ({ signal }) => getCurrentUser(signal),
    retry: false,
  });
  // The server cannot be reached but a token is stored: still signed in, as last seen (offline shell).
  const unreachable = query.error instanceof UnreachableError && !!getAuthToken();
  const user = query.data ?? (unreachable ? (rememberedUser() ?? { id: '', username: 'User' }) : null);
  return { user, isLoading: query.isLoading, isAuthenticated: !!user, unreachable, error: query.error, refetch: query.refetch };
}
