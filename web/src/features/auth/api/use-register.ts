import type { SessionJson } from '@reelsmith/proto/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from '../../../config/constants';
import { apiRequest, getServerErrorMessage } from '../../../lib/api-client';
import { setAuthToken } from '../../../lib/auth-token';
import { toast } from '../../../components/ui/use-toast';
import type { LoginInput } from '../schemas';

export const REGISTRATION_FAILED = 'Registration failed';

/** POST /api/auth/register; on success: store the token, toast, re-fetch the user, then `onSuccess`. */
export function useRegister({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    // Only username and password are sent (confirmPassword stays in the form).
    mutationFn: async ({ username, password }: LoginInput) => {
      const res = await apiRequest('POST', '/api/auth/register', { username, password });
      const text = await res.text();
      try {
        return (text ? JSON.parse(text) : {}) as Partial<SessionJson>;
      } catch {
        return {} as Partial<SessionJson>;
      }
    },
    onSuccess: async (data, { username }) => {
      if (data.token) setAuthToken(data.token);
      toast({ title: 'Account created', description: `Welcome to Reelsmith, ${data.user?.username ?? username}!` });
      // A new account must never see data cached for someone else in this tab.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0] });
      await queryClient.refetchQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      onSuccess?.();
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Error', description: getServerErrorMessage(error) ?? REGISTRATION_FAILED });
    },
  });
}
