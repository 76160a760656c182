import { useState } from 'react';
import { SHARE_LINK_EXPIRY_CHOICES } from '@reelsmith/proto/http';
import { Link2, Loader2, Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCreateShareLink, useReelShareLinks } from '../api/share-links';
import { EXPIRY_LABELS, type ExpiryChoice, expiryKey } from '../lib/share-links';
import { ShareLinkRow } from './ShareLinkRow';

const choiceOf = (key: string): ExpiryChoice => SHARE_LINK_EXPIRY_CHOICES.find((c) => expiryKey(c) === key) ?? null;

/** "Share" on a ready reel: makes public links to it (expiry, download) and lists, copies and revokes them. */
export function ShareLinksButton({ highlightId, title }: { highlightId: string; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" className="min-h-9" onClick={() => setOpen(true)} data-testid="share-links-button">
        <Share2 aria-hidden="true" />
        Share
      </Button>
      {open && <ShareLinksDialog highlightId={highlightId} title={title} open={open} onOpenChange={setOpen} />}
    </>
  );
}

function ShareLinksDialog({
  highlightId,
  title,
  open,
  onOpenChange,
}: {
  highlightId: string;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const links = useReelShareLinks(highlightId);
  const create = useCreateShareLink();
  const [expiry, setExpiry] = useState<ExpiryChoice>(null);
  const [allowDownload, setAllowDownload] = useState(false);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" data-testid="share-links-dialog">
        <DialogHeader className="pr-6">
          <DialogTitle>Share “{title}”</DialogTitle>
          <DialogDescription>Anyone with a link can watch this reel in their browser, without an account. Revoke a link to close it.</DialogDescription>
        </DialogHeader>

        <form
          className="grid gap-3 rounded-xl border border-border bg-muted/30 p-3 sm:grid-cols-[1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate({ highlightId, expiry, allowDownload });
          }}
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="share-link-expiry">Link expires</Label>
              <NativeSelect id="share-link-expiry" value={expiryKey(expiry)} onChange={(event) => setExpiry(choiceOf(event.target.value))}>
                {SHARE_LINK_EXPIRY_CHOICES.map((choice) => (
                  <option key={expiryKey(choice)} value={expiryKey(choice)}>
                    {EXPIRY_LABELS[expiryKey(choice)]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <label className="flex min-h-10 cursor-pointer items-center gap-2 self-end text-sm text-foreground">
              <input type="checkbox" className="size-4 accent-brand" checked={allowDownload} onChange={(event) => setAllowDownload(event.target.checked)} />
              Allow download
            </label>
          </div>
          {/* The key that makes a double click one link names the links already known: wait for them. */}
          <Button type="submit" disabled={create.isPending || links.isLoading} data-testid="create-share-link">
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Link2 aria-hidden="true" />}
            Create link
          </Button>
        </form>

        <section aria-label="Links to this reel" className="min-w-0">
          {links.isLoading ? (
            <Skeleton className="h-16" />
          ) : links.data?.length ? (
            <ul className="divide-y divide-border" data-testid="share-link-list">
              {links.data.map((link) => (
                <ShareLinkRow key={link.token} link={link} />
              ))}
            </ul>
          ) : (
            <p className="rounded-xl border border-dashed border-input px-4 py-5 text-center text-sm text-muted-foreground" data-testid="share-links-empty">
              No links yet. Create one and send it to your client, your team or your fans.
            </p>
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}
