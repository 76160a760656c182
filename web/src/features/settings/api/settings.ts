import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, getServerErrorMessage } from '../../../lib/api-client';
import type { MessageJson } from '@reelsmith/proto/http';
import { SETTINGS_QUERY_KEY } from '../../../lib/query-keys';

export { SETTINGS_QUERY_KEY };
import type { SentMail, Settings, TestEmailType } from '../types';

export const MAILS_QUERY_KEY = ['/api/user/notifications'] as const;

const serverMessage = (error: unknown) => getServerErrorMessage(error) ?? (error as Error).message;

export function useSettings() {
  return useQuery<Settings>({ queryKey: SETTINGS_QUERY_KEY });
}

export function useSentMails() {
  return useQuery<SentMail[]>({ queryKey: MAILS_QUERY_KEY, refetchInterval: 10_000 });
}

/**
 * PATCH /api/user/settings with the form's fields (not the music choice, which the library saves);
 * 'Settings updated' or 'Failed to update settings' with the server's words.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, name, notifications, privacy, transcriptLanguage }: Settings) =>
      (await (await apiRequest('PATCH', '/api/user/settings', { email, name, notifications, privacy, transcriptLanguage })).json()) as Settings,
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_QUERY_KEY, saved);
      toast({ title: 'Settings updated', description: 'Your preferences have been saved successfully.' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Failed to update settings', description: serverMessage(error) }),
  });
}

/** POST /api/test-email; the response's message is shown. */
export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { email: string; type: TestEmailType }) => (await (await apiRequest('POST', '/api/test-email', input)).json()) as MessageJson,
    onSuccess: ({ message }) => toast({ title: 'Test email sent', description: message }),
    onError: (error) => toast({ variant: 'destructive', title: 'Failed to send test email', description: serverMessage(error) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: MAILS_QUERY_KEY }),
  });
}
