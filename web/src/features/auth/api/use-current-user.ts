import { useQuery } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '../../../config/constants';
import type { User } from '../types';
import { getCurrentUser } from './get-current-user';

export function useCurrentUser() {
  const query = useQuery<User | null>({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: ({ signal }) => getCurrentUser(signal),
    retry: false,
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: !!user, error: query.error, refetch: query.refetch };
}
