import { type QueryClient, useQuery } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '../../../config/constants';
import { getAuthToken, type RememberedUser, rememberedUser } from '../../../lib/auth-token';
import { restoreSnapshot } from '../../../lib/persisted-cache';
import type { User } from '../types';
import { getCurrentUser, UnreachableError } from './get-current-user';

/**
 * The user as last seen, while the server cannot be reached and a token is stored (the offline
 * shell); `kept`: their last-loaded library and plan were put back into the cache.
 */
export type OfflineUser = RememberedUser & { offline: true; kept: boolean };

/**
 * The current-user check. When the server cannot be reached but a token is stored, the answer is
 * the user as last seen, marked `offline` (data, not an error: the signed-in shell stays mounted
 * while the check is tried again, see AuthGate), and the cache gets that user's last-loaded
 * library and plan before any screen asks for them.
 */
export async function currentUserOrOffline(client: QueryClient, signal?: AbortSignal): Promise<User | OfflineUser> {
  try {
    return await getCurrentUser(signal);
  } catch (error) {
    if (!(error instanceof UnreachableError) || !getAuthToken()) throw error;
    const user = rememberedUser() ?? { id: '', username: 'User' };
    return { ...user, offline: true, kept: restoreSnapshot(client, user.id) };
  }
}

export function useCurrentUser() {
  const query = useQuery<User | OfflineUser | null>({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: ({ client, signal }) => currentUserOrOffline(client, signal),
    retry: false,
  });
  const user = query.data ?? null;
  const unreachable = !!user && 'offline' in user && user.offline === true;
  // Offline since the page loaded and nothing was kept: nothing 'last loaded' to show.
  const nothingKept = unreachable && !(user as OfflineUser).kept;
  return { user, isLoading: query.isLoading, isAuthenticated: !!user, unreachable, nothingKept, error: query.error, refetch: query.refetch };
}
