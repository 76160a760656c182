import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { errorWithoutData } from '../../../lib/api-client';
import { useLocation, useSearchParams } from 'react-router-dom';
import { AlertTriangle, Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '../../../components/ui/dialog';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { useNow } from '../../../hooks/use-now';
import { cn } from '../../../lib/utils';
import type { Video } from '../../videos';
import { useVideoHighlights } from '../api/highlights';
import { HIGHLIGHT_PARAM } from '../api/keys';
import { DEFAULT_GENERATE_OPTIONS } from '../lib/options';
import type { Aspect, GenerateOptions, Highlight } from '../types';
import { GenerateHighlightsForm } from './GenerateHighlightsForm';
import { HighlightVersions } from './HighlightVersions';
import { HighlightViewer } from './HighlightViewer';

/** Wide enough (Tailwind's lg) for the form beside the reel. */
const WIDE = '(min-width: 1024px)';
/** The dialog as a sheet from the bottom of the screen. */
const SHEET =
  'bottom-0 top-auto left-0 w-full max-w-none translate-x-0 translate-y-0 rounded-b-none rounded-t-2xl max-h-[88dvh] p-4 pb-[max(1rem,env(safe-area-inset-bottom))]';

/**
 * The video page's AI Highlights: generate a reel (a new version each time), pick a version, watch
 * and download it, and edit its moments on the score timeline.
 */
export function HighlightsSection({
  video,
  defaultAspect,
  reelActions,
  noMusicNote,
  reelCaptionsTrack,
}: {
  video: Video;
  /** The reel player shows the reel's subtitles as a captions track (the phone's preview). */
  reelCaptionsTrack?: boolean;
  noMusicNote?: string;
  /** The aspect a new reel starts with (9:16 on phones). */
  defaultAspect?: Aspect;
  reelActions?: (highlight: Highlight) => ReactNode;
}) {
  const versions = useVideoHighlights(video.id);
  const [params, setParams] = useSearchParams();
  const now = useNow();
  const list = versions.data ?? [];
  const wanted = params.get(HIGHLIGHT_PARAM);
  const chosen = list.find((h) => h.id === wanted) ?? list[0] ?? null;
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);

  // Linked as /video/:id#highlights (from the dashboard): bring the section into view once.
  useEffect(() => {
    if (hash !== '#highlights') return undefined;
    const frame = requestAnimationFrame(() => section.current?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [hash]);

  const choose = useCallback(
    (highlight: Highlight) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(HIGHLIGHT_PARAM, highlight.id);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  const wide = useMediaQuery(WIDE);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [options, setOptions] = useState<GenerateOptions>(() => ({ ...DEFAULT_GENERATE_OPTIONS, ...(defaultAspect ? { aspect: defaultAspect } : {}) }));
  const form = (onQueued: (highlight: Highlight) => void) => (
    <GenerateHighlightsForm video={video} onQueued={onQueued} options={options} onOptionsChange={setOptions} noMusicNote={noMusicNote} />
  );
  const versionList = <HighlightVersions versions={list} loading={versions.isLoading} chosenId={chosen?.id ?? null} now={now} onChoose={choose} />;
  const failure = errorWithoutData(versions);
  const reel = failure ? (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-6 text-center text-sm text-red-800">
      <AlertTriangle className="size-5" aria-hidden="true" />
      <p>The highlights could not be loaded. {failure.message}</p>
      <Button size="sm" variant="outline" onClick={() => void versions.refetch()}>
        Try again
      </Button>
    </div>
  ) : chosen ? (
    <HighlightViewer
      key={chosen.id}
      highlight={chosen}
      video={video}
      now={now}
      onVersionCreated={choose}
      reelActions={reelActions}
      reelCaptionsTrack={reelCaptionsTrack}
    />
  ) : (
    !versions.isLoading && (
      <div className="flex h-full min-h-56 flex-col items-center justify-center rounded-xl border border-dashed border-input bg-muted/30 p-6 text-center">
        <span className="flex size-11 items-center justify-center rounded-full bg-card text-brand shadow-xs ring-1 ring-border">
          <Sparkles className="size-5" aria-hidden="true" />
        </span>
        <p className="mt-3 text-sm font-medium text-foreground">Your reel appears here</p>
        <p className="mt-1 max-w-sm text-sm text-muted-foreground">
          Choose a preset and a length, then Generate highlights. Progress shows live while the AI analyses the video.
        </p>
      </div>
    )
  );

  return (
    <section
      ref={section}
      id="highlights"
      aria-labelledby="highlights-heading"
      data-testid="highlights-section"
      className="scroll-mt-6 rounded-2xl border border-border bg-card p-4 shadow-xs sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand">
          <Sparkles className="size-4.5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id="highlights-heading" className="text-base font-semibold tracking-tight">
            AI Highlights
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">
            Turn this video into a short reel of its best moments, then fine-tune the moments and re-render.
          </p>
        </div>
      </div>

      {/* The reel keeps its place in the tree whatever the width, so a layout change never loses an edit. */}
      <div className={cn('grid', wide ? 'mt-5 grid-cols-[280px_minmax(0,1fr)] gap-6' : 'mt-4 grid-cols-1 gap-4')}>
        {wide ? (
          <div className="grid content-start gap-5">
            {form(choose)}
            {versionList}
          </div>
        ) : (
          // Phones and narrow windows: the reel first, under the button that opens generating as a sheet from the bottom.
          <Button size="lg" className="w-full" onClick={() => setSheetOpen(true)} disabled={video.status !== 'processed'} data-testid="open-generate-sheet">
            <Sparkles aria-hidden="true" />
            {list.length ? 'New reel' : 'Generate highlights'}
          </Button>
        )}
        <div className="min-w-0">{reel}</div>
        {!wide && versionList}
      </div>
      {!wide && (
        <Dialog open={sheetOpen} onOpenChange={setSheetOpen}>
          <DialogContent className={SHEET} data-testid="generate-sheet" aria-describedby={undefined}>
            <DialogTitle className="sr-only">Generate highlights</DialogTitle>
            {form((highlight) => {
              setSheetOpen(false);
              choose(highlight);
            })}
          </DialogContent>
        </Dialog>
      )}
    </section>
  );
}
