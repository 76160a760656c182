import type { TokenJson } from '@reelsmith/proto/http';
import { useMutation } from '@tanstack/react-query';
import { LOGIN_RELOAD_DELAY } from '../../../config/constants';
import { ApiError, apiRequest, getServerErrorMessage } from '../../../lib/api-client';
import { setAuthToken } from '../../../lib/auth-token';
import { toast } from '../../../components/ui/use-toast';
import type { LoginInput } from '../schemas';

export const LOGIN_FAILED = 'Login failed';

export function useLogin() {
  return useMutation({
    mutationFn: async ({ username, password }: LoginInput) => {
      const res = await apiRequest('POST', '/api/auth/login', { username, password });
      const text = await res.text();
      // Whatever the body holds: no token, no sign-in.
      let data: Partial<TokenJson>;
      try {
        data = text ? (JSON.parse(text) as Partial<TokenJson>) : {};
      } catch {
        data = {};
      }
      if (!data.token) throw new ApiError(res.status, text, LOGIN_FAILED);
      return { token: data.token };
    },
    onSuccess: ({ token }) => {
      setAuthToken(token);
      toast({ title: 'Signed in', description: 'Welcome back! Opening your workspace…' });
      setTimeout(() => window.location.reload(), LOGIN_RELOAD_DELAY);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Error', description: getServerErrorMessage(error) ?? LOGIN_FAILED });
    },
  });
}
