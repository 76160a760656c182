import { Film } from 'lucide-react';
import { Progress } from '../../../components/ui/progress';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDuration, formatRelativeTime } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { useHighlightProgress } from '../api/use-highlight-progress';
import { fileQuality, formatLabel, platformLabel, presetLabel, qualityNote } from '../lib/options';
import { isFinished } from '../lib/progress';
import type { Highlight } from '../types';
import { HighlightStatusBadge } from './HighlightStatusBadge';

/** Every version of the reel, newest first, each with its live status; one is chosen. */
export function HighlightVersions({
  versions,
  loading,
  chosenId,
  now,
  onChoose,
}: {
  versions: readonly Highlight[];
  loading: boolean;
  chosenId: string | null;
  now: number;
  onChoose: (highlight: Highlight) => void;
}) {
  return (
    <section aria-labelledby="highlight-versions-heading" className="grid gap-2.5">
      <div className="flex items-center justify-between">
        <h3 id="highlight-versions-heading" className="text-sm font-semibold text-foreground">
          Versions
        </h3>
        {versions.length > 0 && <span className="text-xs text-muted-foreground">{versions.length}</span>}
      </div>
      {loading ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading versions">
          <Skeleton className="h-14 rounded-xl" />
          <Skeleton className="h-14 rounded-xl" />
        </div>
      ) : versions.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-input px-4 py-6 text-center" data-testid="no-highlights">
          <Film className="size-5 text-muted-foreground" aria-hidden="true" />
          <p className="mt-2 text-sm font-medium text-foreground">No highlights yet</p>
          <p className="mt-0.5 text-xs text-muted-foreground">Generate a reel and its versions show up here.</p>
        </div>
      ) : (
        <ul className="grid max-h-[26rem] gap-2 overflow-y-auto p-0.5" data-testid="highlight-versions">
          {versions.map((h) => (
            <li key={h.id}>
              <VersionButton highlight={h} chosen={h.id === chosenId} now={now} onChoose={() => onChoose(h)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function VersionButton({ highlight, chosen, now, onChoose }: { highlight: Highlight; chosen: boolean; now: number; onChoose: () => void }) {
  const progress = useHighlightProgress(highlight);
  const working = !isFinished({ status: progress.status });
  return (
    <button
      type="button"
      onClick={onChoose}
      aria-pressed={chosen}
      data-testid="highlight-version"
      data-version={highlight.version}
      data-status={progress.status}
      className={cn(
        'w-full rounded-xl border p-2.5 text-left transition-[border-color,background-color,box-shadow]',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1',
        chosen ? 'border-brand bg-brand-soft/50 ring-1 ring-brand' : 'border-border bg-card hover:border-brand/40 hover:bg-muted/40',
      )}
    >
      <span className="flex items-center justify-between gap-2">
        <span className="text-sm font-semibold text-foreground">Version {highlight.version}</span>
        <HighlightStatusBadge status={progress.status} stage={progress.stage} percent={progress.percent} />
      </span>
      {/* What it was made for: the platform (or its aspect) and the length asked for. */}
      <span className="mt-1 block truncate text-xs font-medium text-foreground" data-testid="highlight-version-target">
        {highlight.platform ? platformLabel(highlight.platform) : highlight.aspect} · {formatDuration(highlight.targetLength)}
      </span>
      {/* The quality the file has (a video too small for the chosen one makes a smaller reel). */}
      <span className="mt-1 block truncate text-xs text-muted-foreground" title={qualityNote(highlight) ?? undefined}>
        {presetLabel(highlight.preset)} · {highlight.reel ? formatDuration(highlight.reel.duration) : `${formatDuration(highlight.targetLength)} target`} ·{' '}
        {fileQuality(highlight)} {formatLabel(highlight.format)} · {formatRelativeTime(highlight.createdAt, now)}
      </span>
      {working && <Progress value={progress.percent} label={`Version ${highlight.version} progress`} className="mt-2 h-1" />}
    </button>
  );
}
