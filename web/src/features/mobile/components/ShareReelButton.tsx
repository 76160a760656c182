import { useState } from 'react';
import { Loader2, Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import type { Highlight } from '../../highlights';
import { MAX_SHARED_FILE_BYTES, reelFileName, reelMimeType, shareMode } from '../lib/share';

/**
 * "Send file": the reel's video file itself through the Web Share API (to the gallery, a chat app),
 * where the browser can share files; else its download link, or a copy of it without the API.
 */
export function ShareReelButton({ highlight, title }: { highlight: Highlight; title: string }) {
  const [busy, setBusy] = useState(false);
  const reel = highlight.reel;
  if (!reel) return null;
  const link = new URL(reel.downloadUrl, window.location.href).href;
  const text = `${title} - highlights`;

  const share = async () => {
    setBusy(true);
    try {
      let file: File | null = null;
      const probe = new File([], reelFileName(title, highlight.version, highlight.format), { type: reelMimeType(highlight.format) });
      if (shareMode(navigator, probe) === 'file' && reel.size <= MAX_SHARED_FILE_BYTES) {
        const res = await fetch(reel.downloadUrl);
        if (res.ok) file = new File([await res.blob()], probe.name, { type: probe.type });
      }
      const mode = shareMode(navigator, file);
      if (mode === 'file' && file) {
        await navigator.share({ files: [file], title: text });
        document.body.dataset.lastShare = 'file';
      } else if (mode === 'link') {
        await navigator.share({ url: link, title: text });
        document.body.dataset.lastShare = 'link';
      } else {
        await navigator.clipboard?.writeText(link);
        document.body.dataset.lastShare = 'clipboard';
        toast({ title: 'Link copied', description: 'Paste it wherever you want to share the reel.' });
      }
    } catch (error) {
      // The user closing the share sheet is no failure.
      if ((error as Error)?.name !== 'AbortError') {
        toast({ variant: 'destructive', title: 'Sharing failed', description: 'Download the reel and share it from your gallery.' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button size="sm" variant="outline" className="min-h-11" onClick={() => void share()} disabled={busy} data-testid="share-reel">
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Share2 aria-hidden="true" />}
      Send file
    </Button>
  );
}
