import { useEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import { AlertTriangle, Download, FileVideo, Loader2, Redo2, RotateCcw, Sparkles, Undo2 } from 'lucide-react';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { formatDuration, formatFileSize, formatRelativeTime } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { useCurrentUser } from '../../auth';
import { ShareLinksButton } from '../../share-links';
import { VideoPlayer, type Video } from '../../videos';
import {
  CaptionReviewCheck,
  CaptionStylePicker,
  MomentCaptions,
  useCaptionReview,
  useReelSubtitlesUrl,
  useTranscript,
  type CaptionStyle,
} from '../../transcript';
import { useEditMoments, useVideoAnalysis } from '../api/highlights';
import { useHighlightProgress } from '../api/use-highlight-progress';
import { canRedo, canUndo, initEdits, momentEditsReducer, undoKey, type MomentEdit } from '../lib/moment-edits';
import { checkMoments, momentsChanged, momentsLength, selectionSummary, sortMoments } from '../lib/moments';
import { fileQuality, formatLabel, presetLabel, qualityNote, renderSummary } from '../lib/options';
import { formatSeconds, isFinished, stageLabel } from '../lib/progress';
import { plotDuration } from '../lib/timeline';
import type { Highlight, Moment } from '../types';
import { HighlightStatusBadge } from './HighlightStatusBadge';
import { MomentList } from './MomentList';
import { MomentsPreview } from './MomentsPreview';
import { ProjectFileMenu } from './ProjectFileMenu';
import { RetryHighlightButton } from './RetryHighlightButton';
import { TimelinePlot } from './TimelinePlot';

/**
 * One version of a video's highlight reel: live progress while it renders, then the reel player,
 * Download, the timings, and the score timeline with its moments, which can be edited and
 * re-rendered as a new version (`onVersionCreated` selects it).
 */
export function HighlightViewer({
  highlight,
  video,
  now,
  onVersionCreated,
  reelActions,
  reelCaptionsTrack,
}: {
  highlight: Highlight;
  video: Video;
  now: number;
  /** The reel player shows the reel's subtitles as a captions track (the phone's preview). */
  reelCaptionsTrack?: boolean;
  onVersionCreated: (highlight: Highlight) => void;
  /** The actions beside Download once the reel is ready (default: Share, which makes public links; the phone has its own). */
  reelActions?: (highlight: Highlight) => ReactNode;
}) {
  const progress = useHighlightProgress(highlight);
  const finished = isFinished({ status: progress.status });
  const failed = progress.status === 'error';
  // In a team folder every reel of the video shows; only its maker shares, edits or retries it.
  const { user } = useCurrentUser();
  const mine = !user?.id || !highlight.madeBy || highlight.madeBy === user.id;

  return (
    <article
      className="grid min-w-0 gap-5"
      data-testid="highlight-viewer"
      data-highlight-id={highlight.id}
      data-version={highlight.version}
      data-status={progress.status}
      aria-labelledby={`version-${highlight.id}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={`version-${highlight.id}`} className="flex items-center gap-2 text-base font-semibold tracking-tight">
            Version {highlight.version}
            <HighlightStatusBadge status={progress.status} stage={progress.stage} percent={progress.percent} />
          </h3>
          <p className="mt-1 text-xs text-muted-foreground">
            {presetLabel(highlight.preset)} · {formatDuration(highlight.targetLength)} target ·{' '}
            <span title={qualityNote(highlight) ?? undefined} data-testid="render-summary">
              {renderSummary(highlight)}
            </span>
            {highlight.musicTrackId ? ' · with music' : ''}
            {highlight.captions && highlight.captions !== 'none' ? ` · ${highlight.captions} captions` : ''} · {formatRelativeTime(highlight.createdAt, now)}
            {!mine && <span data-testid="made-by-teammate"> · made by a teammate</span>}
          </p>
          {progress.status === 'ready' && selectionSummary(highlight) && (
            <p className="mt-1 text-xs font-medium text-foreground" data-testid="selection-summary">
              {selectionSummary(highlight)}
            </p>
          )}
        </div>
        {highlight.reel && progress.status === 'ready' && (
          <div className="flex flex-wrap gap-2">
            {mine &&
              (reelActions ? reelActions(highlight) : <ShareLinksButton highlightId={highlight.id} title={`${video.title}, version ${highlight.version}`} />)}
            <a
              href={highlight.reel.downloadUrl}
              download
              title={`${fileQuality(highlight)} ${formatLabel(highlight.format)}${highlight.reel.width && highlight.reel.height ? `, ${highlight.reel.width}×${highlight.reel.height}` : ''}`}
              className={buttonVariants({ size: 'sm', className: 'min-h-9' })}
              data-testid="download-reel"
            >
              <Download aria-hidden="true" />
              Download
            </a>
            {mine && <ProjectFileMenu highlightId={highlight.id} />}
          </div>
        )}
      </header>

      {!finished && (
        <RenderProgress
          stage={progress.stage}
          status={progress.status}
          percent={progress.percent}
          edited={highlight.timeline.length > 0 && highlight.moments.length > 0}
        />
      )}

      {failed && (
        <div role="alert" className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800" data-testid="highlight-error">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="font-medium">This version could not be made.</p>
            <p className="mt-0.5 text-red-700" data-testid="highlight-error-reason">
              {progress.errorReason ?? 'The worker gave no reason.'}
            </p>
          </div>
          {mine && <RetryHighlightButton highlight={highlight} label={`Retry version ${highlight.version}`} className="self-start" />}
        </div>
      )}

      {progress.status === 'ready' && highlight.reel && <ReelPanel highlight={highlight} video={video} captionsTrack={!!reelCaptionsTrack} />}

      {finished && <Timings highlight={highlight} />}

      <MomentsSection
        key={`${highlight.id}:${highlight.moments.length}:${finished}`}
        highlight={highlight}
        video={video}
        editable={finished && mine}
        onVersionCreated={onVersionCreated}
      />
    </article>
  );
}

const STEPS = [
  { stage: 'analysing', label: 'Analyse' },
  { stage: 'selecting', label: 'Select moments' },
  { stage: 'rendering', label: 'Render' },
] as const;

function RenderProgress({ stage, status, percent, edited }: { stage: string; status: string; percent: number; edited: boolean }) {
  const steps = edited ? STEPS.filter((s) => s.stage !== 'selecting') : STEPS;
  const current = steps.findIndex((s) => s.stage === stage);
  return (
    <div className="rounded-xl border border-brand/25 bg-brand-soft/40 p-4" data-testid="highlight-progress">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="flex items-center gap-2 font-medium text-foreground">
          <Loader2 className="size-4 animate-spin text-brand" aria-hidden="true" />
          {stage === 'queued' || !stage ? 'Waiting for a free worker…' : `${stageLabel(stage, status)}…`}
        </span>
        <span className="font-mono text-sm tabular-nums text-muted-foreground" data-testid="highlight-percent">
          {percent}%
        </span>
      </div>
      <Progress value={percent} label="Highlight progress" className="mt-3 bg-white" />
      <ol className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs">
        {steps.map((step, i) => {
          const state = current === -1 ? 'pending' : i < current ? 'done' : i === current ? 'active' : 'pending';
          return (
            <li
              key={step.stage}
              className={cn(
                'flex items-center gap-1.5',
                state === 'pending' ? 'text-muted-foreground' : 'text-foreground',
                state === 'active' && 'font-medium',
              )}
            >
              <span
                className={cn('size-1.5 rounded-full', state === 'done' ? 'bg-emerald-500' : state === 'active' ? 'bg-brand' : 'bg-border')}
                aria-hidden="true"
              />
              {step.label}
              <span className="sr-only">: {state === 'done' ? 'complete' : state === 'active' ? 'in progress' : 'pending'}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function ReelPanel({ highlight, video, captionsTrack }: { highlight: Highlight; video: Video; captionsTrack: boolean }) {
  const reel = highlight.reel!;
  // Only a video with words has subtitles to ask for.
  const spoken = useTranscript(video.id, { enabled: captionsTrack }).data;
  const subtitles = useReelSubtitlesUrl(captionsTrack && spoken?.status === 'ready' && spoken.words.length > 0 ? highlight.id : null);
  // Captions burned into the picture are not shown a second time by the track.
  const burnedIn = !!highlight.captions && highlight.captions !== 'none';
  // The reel in the shared player: it only needs the stream, a poster and a duration.
  const reelAsVideo = useMemo<Video>(
    () => ({
      ...video,
      id: highlight.id,
      title: `${video.title} - highlights v${highlight.version}`,
      duration: reel.duration,
      // The poster is a frame of the reel itself, in its shape; reels made before posters keep the video's thumbnail.
      thumbnail: reel.posterUrl ?? video.thumbnail,
      streamUrl: reel.streamUrl,
      downloadUrl: reel.downloadUrl,
      status: 'processed',
      stage: 'done',
    }),
    [video, highlight.id, highlight.version, reel.duration, reel.posterUrl, reel.streamUrl, reel.downloadUrl],
  );
  const pixels = reel.width && reel.height ? `${reel.width}×${reel.height} · ` : '';
  return (
    <div className="grid gap-2">
      {reel.streamUrl ? (
        <div data-testid="reel-player">
          <VideoPlayer
            video={reelAsVideo}
            showOpenInWindow={false}
            aspect={highlight.aspect}
            label={`Reel player: version ${highlight.version}`}
            captions={subtitles ? { src: subtitles, label: 'Captions', srcLang: 'en', show: !burnedIn } : null}
          />
        </div>
      ) : (
        <div
          className="flex aspect-video flex-col items-center justify-center gap-3 rounded-xl bg-neutral-950 p-6 text-center text-white"
          data-testid="reel-download-only"
        >
          <FileVideo className="size-8 text-neutral-400" aria-hidden="true" />
          <p className="text-sm font-medium">AVI reels can only be downloaded.</p>
          <p className="max-w-sm text-xs text-neutral-400">Browsers cannot play AVI files. Download it, or render an MP4 or MOV version to watch it here.</p>
          <a href={reel.downloadUrl} download className={buttonVariants({ size: 'sm' })}>
            <Download aria-hidden="true" />
            Download AVI
          </a>
        </div>
      )}
      <p className="text-xs text-muted-foreground" data-testid="reel-facts">
        Reel {formatDuration(reel.duration)} · {pixels}
        {formatFileSize(reel.size)} · {highlight.moments.length} {highlight.moments.length === 1 ? 'moment' : 'moments'}
      </p>
    </div>
  );
}

/**
 * How long each step took. A step that did not run is absent: a version made from edited moments
 * skips the analysis and the selection, a new reel of an analysed video reuses its analysis.
 */
function Timings({ highlight }: { highlight: Highlight }) {
  const { analysisSeconds, selectionSeconds, renderSeconds, totalSeconds } = highlight.timings ?? {};
  const ran = (value: number | null | undefined): value is number => typeof value === 'number';
  const selected = ran(selectionSeconds);
  const items: Array<[string, string]> = [
    ['Analysis', ran(analysisSeconds) ? formatSeconds(analysisSeconds) : 'reused'],
    ...(selected ? [['Selection', formatSeconds(selectionSeconds)] as [string, string]] : []),
    ['Render', formatSeconds(renderSeconds)],
    ['Total', formatSeconds(totalSeconds)],
  ];
  if (!ran(renderSeconds) && !ran(totalSeconds)) return null;
  return (
    <dl className={cn('grid grid-cols-2 gap-2', selected ? 'sm:grid-cols-4' : 'sm:grid-cols-3')} data-testid="highlight-timings">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-muted/60 px-3 py-2">
          <dt className="text-[11px] font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
          <dd
            className={cn(
              'mt-0.5 font-mono text-sm tabular-nums text-foreground',
              label === 'Total' && 'font-semibold',
              value === 'reused' && 'font-sans text-muted-foreground',
            )}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function MomentsSection({
  highlight,
  video,
  editable,
  onVersionCreated,
}: {
  highlight: Highlight;
  video: Video;
  editable: boolean;
  onVersionCreated: (highlight: Highlight) => void;
}) {
  const original = useMemo(() => sortMoments(highlight.moments), [highlight.moments]);
  const duration = plotDuration(video.duration, highlight.timeline);
  const [edits, dispatch] = useReducer(momentEditsReducer, undefined, () => initEdits(original, duration));
  const draft = edits.moments;
  const setDraft = (moments: Moment[]) => dispatch({ type: 'set', moments });
  const [active, setActive] = useState<number | null>(null);
  const [playhead, setPlayhead] = useState<number | null>(null);
  const edit = useEditMoments({ onQueued: onVersionCreated });
  // Shot boundaries from the kept analysis (there once the first AI reel of the video is made).
  const analysis = useVideoAnalysis(video.id, { enabled: highlight.timeline.length > 0 });
  const canEdit = editable && original.length > 0;
  useUndoKeys(canEdit ? dispatch : null);
  const [captions, setCaptions] = useState<CaptionStyle>(highlight.captions ?? 'none');
  const captionsChanged = captions !== (highlight.captions ?? 'none');
  const review = useCaptionReview(video.id, captions);
  const changed = momentsChanged(original, draft) || captionsChanged;
  const problem = checkMoments(draft, duration);
  // A failed version may be rendered again as it is.
  const retry = highlight.status === 'error' && !changed;

  if (!highlight.timeline.length && !original.length) {
    return (
      <Section title="Moments">
        <EmptyNote>The score timeline and the chosen moments appear once the analysis is done.</EmptyNote>
      </Section>
    );
  }

  return (
    <Section
      title="Moments"
      aside={
        original.length > 0 && (
          <span className="text-xs text-muted-foreground" data-testid="moments-summary">
            {draft.length} {draft.length === 1 ? 'moment' : 'moments'} · {formatDuration(momentsLength(draft))} of the video
          </span>
        )
      }
    >
      {canEdit && (
        <EditToolbar
          canUndo={canUndo(edits)}
          canRedo={canRedo(edits)}
          onEdit={dispatch}
          preview={<MomentsPreview video={video} moments={draft} musicTrackId={highlight.musicTrackId} disabled={!!problem} onPlayhead={setPlayhead} />}
        />
      )}
      {highlight.timeline.length > 0 ? (
        <TimelinePlot
          timeline={highlight.timeline}
          duration={duration}
          cuts={analysis.data?.cuts ?? []}
          strip={{ videoId: video.id, filmstrip: video.filmstrip, waveform: video.waveform }}
          moments={draft}
          onEdit={canEdit ? dispatch : undefined}
          playhead={playhead}
          activeIndex={active}
          onActiveIndexChange={setActive}
        />
      ) : (
        <EmptyNote>The score timeline appears once the analysis is done.</EmptyNote>
      )}
      {draft.length > 0 && (
        <>
          {canEdit && (
            <p className="text-xs text-muted-foreground">
              Drag a moment to move it or its edges to resize it, and drag over empty space to add one; they snap to shot changes. With the keyboard: arrows
              move a focused moment, Shift+arrows resize it, Delete removes it, Ctrl+Z undoes.
            </p>
          )}
          <MomentList moments={draft} duration={duration} onChange={canEdit ? setDraft : undefined} activeIndex={active} onActiveIndexChange={setActive} />
          {canEdit && <MomentCaptions videoId={video.id} moments={draft} readOnly={video.sharedWithYou} />}
        </>
      )}
      {canEdit && (
        <div className="grid gap-2 sm:max-w-md">
          <CaptionStylePicker value={captions} onChange={setCaptions} />
          {review.ask && <CaptionReviewCheck videoId={video.id} />}
        </div>
      )}
      {canEdit && (
        <div
          className={cn(
            'flex flex-wrap items-center justify-between gap-3 rounded-xl border p-3',
            changed || retry ? 'border-brand/40 bg-brand-soft/40' : 'border-dashed border-border bg-muted/30',
          )}
          data-testid="rerender-bar"
        >
          <p className="min-w-0 text-sm text-muted-foreground" aria-live="polite">
            {problem ? (
              <span className="text-red-700">{problem}</span>
            ) : retry ? (
              'Re-render these moments to try again, or edit them first.'
            ) : changed ? (
              <>
                <span className="font-medium text-foreground">Edited.</span> Re-render to make a new version with these moments.
              </>
            ) : (
              'Edit the moments to re-render this reel as a new version.'
            )}
          </p>
          <div className="flex gap-2">
            {changed && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setDraft(original);
                  setCaptions(highlight.captions ?? 'none');
                }}
                disabled={edit.isPending}
              >
                <RotateCcw aria-hidden="true" />
                Reset
              </Button>
            )}
            <Button
              size="sm"
              disabled={(!changed && !retry) || !!problem || edit.isPending || review.waiting}
              onClick={() => edit.mutate({ highlight, moments: draft, captions: captionsChanged ? captions : undefined })}
            >
              {edit.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
              Re-render
            </Button>
          </div>
        </div>
      )}
    </Section>
  );
}

/** Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z (or Ctrl+Y) anywhere on the page but in a text field. */
function useUndoKeys(dispatch: ((edit: MomentEdit) => void) | null) {
  useEffect(() => {
    if (!dispatch) return undefined;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const action = undoKey(event);
      if (!action) return;
      event.preventDefault();
      dispatch({ type: action });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dispatch]);
}

function EditToolbar({ canUndo, canRedo, onEdit, preview }: { canUndo: boolean; canRedo: boolean; onEdit: (edit: MomentEdit) => void; preview: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Edit moments" data-testid="moments-toolbar">
      <Button
        variant="outline"
        size="sm"
        className="pointer-coarse:min-h-11"
        onClick={() => onEdit({ type: 'undo' })}
        disabled={!canUndo}
        title="Undo (Ctrl+Z)"
      >
        <Undo2 aria-hidden="true" />
        Undo
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="pointer-coarse:min-h-11"
        onClick={() => onEdit({ type: 'redo' })}
        disabled={!canRedo}
        title="Redo (Ctrl+Shift+Z)"
      >
        <Redo2 aria-hidden="true" />
        Redo
      </Button>
      {preview}
    </div>
  );
}

function Section({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section className="grid min-w-0 gap-3" aria-label={title}>
      <div className="flex items-center justify-between gap-3">
        <h4 className="text-sm font-semibold text-foreground">{title}</h4>
        {aside}
      </div>
      {children}
    </section>
  );
}

function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-input bg-muted/30 px-4 py-6 text-center text-sm text-muted-foreground">{children}</p>;
}
