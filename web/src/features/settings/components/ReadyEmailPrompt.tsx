import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Loader2, Mail } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { apiRequest, getServerErrorMessage } from '../../../lib/api-client';
import { SETTINGS_QUERY_KEY, useSettings } from '../api/settings';
import type { Settings } from '../types';

/** PATCH /api/user/settings with the address alone. */
function useSaveEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) => (await (await apiRequest('PATCH', '/api/user/settings', { email })).json()) as Settings,
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_QUERY_KEY, saved),
  });
}

/**
 * The one optional step that asks where to send "your reel is ready": shown while a video
 * processes, only when the account has no address yet (sign-up does not ask for one, and every
 * mail was skipped until the user found Settings).
 */
export function ReadyEmailPrompt() {
  const settings = useSettings();
  const save = useSaveEmail();
  const [email, setEmail] = useState('');
  const [savedTo, setSavedTo] = useState<string | null>(null);
  const id = useId();

  if (savedTo) {
    return (
      <p role="status" className="rounded-xl bg-muted/60 px-3 py-2 text-sm text-muted-foreground" data-testid="ready-email-saved">
        We will e-mail <span className="font-medium text-foreground">{savedTo}</span> when your reel is ready. Change it in{' '}
        <Link to="/settings" className="font-medium underline underline-offset-2">
          Settings
        </Link>
        .
      </p>
    );
  }
  if (!settings.data || settings.data.email) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (address) save.mutate(address, { onSuccess: (saved) => setSavedTo(saved.email) });
  };
  const problem = save.isError ? (getServerErrorMessage(save.error) ?? 'Could not save the address. Please try again.') : null;
  return (
    <form onSubmit={submit} className="grid gap-2 rounded-xl border border-border bg-muted/40 p-3" data-testid="ready-email-prompt" noValidate>
      <Label htmlFor={`${id}-email`} className="flex items-center gap-2 text-sm font-medium">
        <Mail className="size-4 text-brand-strong" aria-hidden="true" />
        E-mail me when my reel is ready <span className="font-normal text-muted-foreground">(optional)</span>
      </Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="outline" disabled={save.isPending || !email.trim()}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Save
        </Button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="text-sm text-red-700" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
