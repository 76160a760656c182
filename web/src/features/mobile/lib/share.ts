/** How a reel leaves the phone (Web Share API): the file where the browser can share files, else the link. */
export type ShareMode = 'file' | 'link' | 'none';

type ShareCapable = {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
};

/** 'file' only when navigator.canShare says yes for this very file; 'link' with share alone; else 'none'. */
export function shareMode(nav: ShareCapable | undefined, file: File | null): ShareMode {
  if (!nav || typeof nav.share !== 'function') return 'none';
  if (file && typeof nav.canShare === 'function') {
    try {
      if (nav.canShare({ files: [file] })) return 'file';
    } catch {
      // Some browsers throw for a type they do not share: fall back to the link.
    }
  }
  return 'link';
}

/** A file name for a reel: the video's title (safe characters only), its version and the format. */
export function reelFileName(title: string, version: number, format: string): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[^\w\- ]+/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 60) || 'reel';
  return `${base}-highlights-v${version}.${(format || 'mp4').toLowerCase()}`;
}

const MIME: Record<string, string> = { mp4: 'video/mp4', mov: 'video/quicktime', avi: 'video/x-msvideo' };
export const reelMimeType = (format: string) => MIME[(format || '').toLowerCase()] ?? 'video/mp4';

/** Reels larger than this are shared as a link: a phone should not hold a huge file in memory for it. */
export const MAX_SHARED_FILE_BYTES = 200 * 1024 * 1024;
