import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';
import { useSentMails } from '../api/settings';
import type { SentMail } from '../types';

const STATUS_STYLE: Record<SentMail['status'], string> = {
  sent: 'bg-emerald-500/10 text-emerald-700',
  failed: 'bg-red-500/10 text-red-700',
  skipped: 'bg-muted text-muted-foreground',
  pending: 'bg-amber-500/10 text-amber-700',
};

const STATUS_LABEL: Record<SentMail['status'], string> = { sent: 'Sent', failed: 'Failed', skipped: 'Skipped', pending: 'Sending' };

function when(mail: SentMail) {
  const at = mail.sentAt ?? mail.createdAt;
  return at ? new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';
}

/** The last mails: what was sent, what failed (with the mail server's answer) and what was skipped (and why). */
export function NotificationHistory() {
  const { data: mails, isLoading, isError } = useSentMails();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Notification history</CardTitle>
        <CardDescription>The last e-mails we sent you, or could not send.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading && <Skeleton className="h-16 w-full" />}
        {isError && <p className="text-sm text-muted-foreground">The history could not be loaded.</p>}
        {mails && mails.length === 0 && (
          <p className="text-sm text-muted-foreground" data-testid="mail-history-empty">
            No e-mails yet.
          </p>
        )}
        {mails && mails.length > 0 && (
          <ul className="divide-y divide-border" data-testid="mail-history">
            {mails.map((mail) => (
              <li key={mail.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-foreground" title={mail.subject}>
                    {mail.subject || mail.kind}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">
                    {when(mail)}
                    {mail.to ? ` · ${mail.to}` : ''}
                    {mail.detail ? ` · ${mail.detail}` : ''}
                  </p>
                </div>
                <span className={cn('w-fit shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium', STATUS_STYLE[mail.status])}>
                  {STATUS_LABEL[mail.status]}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
