import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY, VIDEOS_QUERY_KEY } from '../../../config/constants';
import { clearAuthToken } from '../../../lib/auth-token';

/**
 * Client-only sign-out (no server call): forget the token, clear the cached user (the auth page
 * then appears) and invalidate the videos list.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      clearAuthToken();
    },
    onSuccess: async () => {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
      await queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
      const keep = new Set<unknown>([CURRENT_USER_QUERY_KEY[0], VIDEOS_QUERY_KEY[0]]);
      queryClient.removeQueries({ predicate: (query) => !keep.has(query.queryKey[0]) });
    },
  });
}
