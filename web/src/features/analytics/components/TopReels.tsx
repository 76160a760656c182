import { Link } from 'react-router-dom';
import { Eye, Link2 } from 'lucide-react';
import type { AnalyticsJson } from '@reelsmith/proto/http';
import { formatDuration } from '../../../lib/format';
import { metricText, openLinksText } from '../lib/analytics';

/** The most watched reels (views over all their share links), each opening its reel. */
export function TopReels({ reels }: { reels: AnalyticsJson['topReels'] }) {
  if (reels.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="top-reels-none">
        <Link2 className="size-4 shrink-0" aria-hidden="true" />
        No views yet. Share a reel (Share on a ready reel) and its views show here.
      </p>
    );
  }
  const top = reels[0].views;
  return (
    <ol className="grid gap-2" data-testid="top-reels">
      {reels.map((reel, i) => (
        <li key={reel.highlightId}>
          <Link
            to={`/video/${encodeURIComponent(reel.videoId)}?highlight=${encodeURIComponent(reel.highlightId)}`}
            className="group grid grid-cols-[1.5rem_minmax(0,1fr)_auto] items-center gap-3 rounded-xl px-2 py-2.5 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            data-testid="top-reel"
          >
            <span className="text-sm font-semibold tabular-nums text-muted-foreground">{i + 1}</span>
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium text-foreground group-hover:underline">
                {reel.title}, version {reel.version}
              </span>
              <span className="mt-1 block h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <span className="block h-full rounded-full bg-brand" style={{ width: `${Math.max(4, Math.round((reel.views / top) * 100))}%` }} />
              </span>
              <span className="mt-1 block text-xs text-muted-foreground">
                {formatDuration(reel.duration)} · {openLinksText(reel.links)}
              </span>
            </span>
            <span className="flex items-center gap-1 text-sm font-semibold tabular-nums text-foreground">
              <Eye className="size-4 text-muted-foreground" aria-hidden="true" />
              {metricText('views', reel.views)}
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
