import { useState } from 'react';
import { Copy, Link2, Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { copyText, reusableLink, useCreateShareLink, useReelShareLinks } from '../../share-links';

/**
 * The phone's "Share link" (the system share sheet, with the reel's public page) and "Copy link".
 * Both reuse the reel's open link that never expires, or make one, so tapping twice makes one link.
 */
export function ShareLinkActions({ highlightId, title }: { highlightId: string; title: string }) {
  const links = useReelShareLinks(highlightId);
  const create = useCreateShareLink({ quiet: true });
  const [busy, setBusy] = useState<'share' | 'copy' | null>(null);

  const linkUrl = async () => reusableLink(links.data)?.url ?? (await create.mutateAsync({ highlightId, expiry: null, allowDownload: false })).url;

  const run = async (action: 'share' | 'copy') => {
    setBusy(action);
    try {
      const url = await linkUrl();
      if (action === 'share' && typeof navigator.share === 'function') {
        await navigator.share({ url, title: `${title} - highlights` });
        document.body.dataset.lastShare = 'link';
      } else if (await copyText(url)) {
        document.body.dataset.lastShare = 'clipboard';
        toast({ title: 'Link copied', description: 'Anyone with the link can watch the reel, without an account.' });
      } else {
        toast({ variant: 'destructive', title: 'Copying is blocked here', description: url });
      }
    } catch (error) {
      // The user closing the share sheet is no failure.
      if ((error as Error)?.name !== 'AbortError') {
        toast({ variant: 'destructive', title: 'The link could not be made', description: 'Check your connection and try again.' });
      }
    } finally {
      setBusy(null);
    }
  };

  const disabled = busy !== null || links.isLoading;
  return (
    <>
      <Button size="sm" className="min-h-11" onClick={() => void run('share')} disabled={disabled} data-testid="share-link-sheet">
        {busy === 'share' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Link2 aria-hidden="true" />}
        Share link
      </Button>
      <Button size="sm" variant="outline" className="min-h-11" onClick={() => void run('copy')} disabled={disabled} data-testid="copy-link">
        {busy === 'copy' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Copy aria-hidden="true" />}
        Copy link
      </Button>
    </>
  );
}
