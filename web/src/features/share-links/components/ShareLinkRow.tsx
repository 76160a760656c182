import { useState } from 'react';
import type { ShareLinkJson } from '@reelsmith/proto/http';
import { Check, Copy, ExternalLink, Link2Off } from 'lucide-react';
import { Button, buttonVariants } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/utils';
import { useRevokeShareLink } from '../api/share-links';
import { copyText } from '../lib/clipboard';
import { linkFacts } from '../lib/share-links';

/**
 * One share link: its address (selectable), Copy, Open and Revoke (asked first), and what it has
 * done so far. `heading` names the reel where links of several reels are listed (Settings).
 */
export function ShareLinkRow({ link, heading, now = Date.now() }: { link: ShareLinkJson; heading?: string; now?: number }) {
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeShareLink({ onSuccess: () => setConfirming(false) });
  const expired = link.status === 'expired';
  const fieldId = `share-link-${link.token}`;

  const copy = async () => {
    if (await copyText(link.url)) {
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
      toast({ title: 'Link copied', description: 'Paste it in a message or an e-mail: anyone with it can watch the reel.' });
    } else {
      document.getElementById(fieldId)?.focus();
      toast({ variant: 'destructive', title: 'Copying is blocked here', description: 'The link is selected: copy it with Ctrl+C (or ⌘C).' });
    }
  };

  return (
    <li className={cn('grid gap-1.5 py-3', expired && 'opacity-70')} data-testid="share-link" data-token={link.token} data-status={link.status}>
      {heading && <p className="text-sm font-medium text-foreground">{heading}</p>}
      <div className="flex min-w-0 flex-wrap items-center gap-2 sm:flex-nowrap">
        <label htmlFor={fieldId} className="sr-only">
          Share link{heading ? ` of ${heading}` : ''}
        </label>
        <input
          id={fieldId}
          readOnly
          value={link.url}
          onFocus={(event) => event.currentTarget.select()}
          className={cn(
            'h-9 min-w-0 flex-1 basis-full rounded-lg border border-input bg-muted/40 px-3 font-mono text-xs text-foreground sm:basis-auto',
            'focus-visible:border-brand focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand/15',
            expired && 'line-through',
          )}
          data-testid="share-link-url"
        />
        <Button size="sm" variant="outline" className="min-h-9" onClick={() => void copy()} disabled={expired} data-testid="copy-share-link">
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <a
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ size: 'sm', variant: 'ghost', className: cn('min-h-9', expired && 'pointer-events-none opacity-60') })}
          aria-disabled={expired}
          tabIndex={expired ? -1 : undefined}
        >
          <ExternalLink aria-hidden="true" />
          Open
        </a>
        <Button
          size="sm"
          variant="ghost"
          className="min-h-9 text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={() => setConfirming(true)}
          data-testid="revoke-share-link"
        >
          <Link2Off aria-hidden="true" />
          Revoke
        </Button>
      </div>
      <p className="text-xs text-muted-foreground" data-testid="share-link-facts">
        {linkFacts(link, now)}
      </p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revoke this link?"
        description="Whoever opens it from now on sees that it no longer exists, and its views stop counting. You can make a new link at any time."
        confirmLabel="Revoke link"
        pendingLabel="Revoking…"
        icon={<Link2Off aria-hidden="true" />}
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate(link)}
        testId="revoke-share-link-dialog"
        confirmTestId="revoke-share-link-confirm"
      />
    </li>
  );
}
