import { useEffect, useState } from 'react';
import { authHeaders } from '../../../lib/api-client';

/**
 * A reel's WebVTT captions as a blob: URL for a <track>: the subtitles route is owner only (a
 * bearer token, which a <track> cannot send), so it is fetched here. Null until loaded or when
 * there are none.
 */
export function useReelSubtitlesUrl(highlightId: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!highlightId) return undefined;
    const controller = new AbortController();
    let made: string | null = null;
    fetch(`/api/highlights/${encodeURIComponent(highlightId)}/subtitles.vtt`, { headers: authHeaders(), signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) return;
        made = URL.createObjectURL(new Blob([await res.text()], { type: 'text/vtt' }));
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [highlightId]);
  return url;
}
