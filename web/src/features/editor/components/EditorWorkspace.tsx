import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { AlertTriangle, Clapperboard, Download, Loader2, MousePointerClick, Music2, Scissors, Upload } from 'lucide-react';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Progress } from '../../../components/ui/progress';
import { Segmented } from '../../../components/ui/segmented';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { errorWithoutData } from '../../../lib/api-client';
import { formatDuration, formatFileSize, isTimecode, parseDuration } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import {
  useCreateExport,
  useHighlight,
  useHighlightProgress,
  useSelectedMusicForRender,
  HighlightStatusBadge,
  ASPECTS,
  DEFAULT_EXPORT_FORMAT,
  DEFAULT_EXPORT_QUALITY,
  FORMATS,
  formatLabel,
  QUALITIES,
  qualityLabel,
  qualityNote,
  isFinished,
  type Aspect,
  type Highlight,
  type Quality,
  type ReelFormat,
  RetryHighlightButton,
} from '../../highlights';
import { useVideos, VideoPlayer, VideoStatusBadge, VideoThumbnail, defaultTrimRange, validateTrim, isEditable, type Video } from '../../videos';
import { exportRange } from '../lib/recent-edits';

/**
 * The editor, for real: pick a processed video, watch it, trim it (m:ss, the spec's
 * rules), choose quality and format, and Export renders the stretch (with the music track picked in
 * the music library) as a downloadable file, with live progress.
 */
export function EditorWorkspace() {
  const videos = useVideos();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [trim, setTrim] = useState({ start: '0:00', end: '0:00' });
  const [quality, setQuality] = useState<Quality>(DEFAULT_EXPORT_QUALITY);
  const [format, setFormat] = useState<ReelFormat>(DEFAULT_EXPORT_FORMAT);
  const [aspect, setAspect] = useState<Aspect>('16:9');
  const [exportId, setExportId] = useState<string | null>(null);
  const music = useSelectedMusicForRender();
  const createExport = useCreateExport({ onQueued: (h) => setExportId(h.id) });
  const latest = useHighlight(exportId);

  const all = useMemo(() => videos.data ?? [], [videos.data]);
  const selected = all.find((v) => v.id === selectedId && isEditable(v)) ?? null;

  const pick = (video: Video) => {
    if (!isEditable(video)) return;
    setSelectedId(video.id);
    setTrim(defaultTrimRange(video.duration));
  };

  const exportNow = () => {
    if (!selected) return;
    const check = validateTrim(trim.start, trim.end, selected.duration);
    if (!check.ok) {
      toast({ variant: 'destructive', title: check.title, description: check.message });
      return;
    }
    createExport.mutate({
      videoId: selected.id,
      request: { start: trim.start.trim(), end: trim.end.trim(), quality, format, aspect, musicTrackId: music?.id ?? null },
    });
  };

  return (
    <div className="grid min-w-0 gap-6">
      <VideoPicker videos={all} loading={videos.isLoading} error={errorWithoutData(videos)} selectedId={selected?.id ?? null} onPick={pick} />

      <section
        aria-labelledby="editor-trim-heading"
        className="grid gap-5 rounded-2xl border border-border bg-card p-4 shadow-xs sm:p-5"
        data-testid="editor-trim-export"
      >
        <div className="flex items-center gap-2">
          <StepNumber n={2} />
          <h2 id="editor-trim-heading" className="text-base font-semibold tracking-tight">
            Trim and export
          </h2>
        </div>

        {selected ? (
          <>
            <VideoPlayer key={selected.id} video={selected} className="shadow-md shadow-black/10" />
            <TrimFields video={selected} value={trim} onChange={setTrim} />
          </>
        ) : (
          <div
            className="flex aspect-[21/9] flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-input bg-muted/40 p-6 text-center"
            data-testid="editor-no-video"
          >
            <MousePointerClick className="size-5 text-muted-foreground" aria-hidden="true" />
            <p className="text-sm font-medium text-foreground">No video chosen</p>
            <p className="max-w-xs text-sm text-muted-foreground">Pick a processed video above to watch it here and trim it.</p>
          </div>
        )}

        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          <Segmented legend="Export quality" options={QUALITIES} value={quality} onChange={setQuality} data-testid="export-quality" />
          <Segmented legend="Format" options={FORMATS} value={format} onChange={setFormat} data-testid="export-format" />
          {/* Every aspect the AI panel offers; a vertical export follows the faces or the action, as a reel does. */}
          <Segmented legend="Aspect" options={ASPECTS} value={aspect} onChange={setAspect} data-testid="export-aspect" />
        </div>
        {format === 'avi' && <p className="-mt-2 text-xs text-muted-foreground">AVI files can be downloaded but not played in the browser.</p>}

        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
          <p className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground" data-testid="export-music">
            <Music2 className="size-3.5 shrink-0 text-brand" aria-hidden="true" />
            {music ? (
              <span className="truncate">
                With <span className="font-medium text-foreground">{music.title}</span>
                {music.artist ? ` by ${music.artist}` : ''}
              </span>
            ) : (
              <span>No music: the clip keeps its own sound.</span>
            )}
          </p>
          <Button onClick={exportNow} disabled={!selected || createExport.isPending} data-testid="export-button" className="w-full sm:w-auto">
            {createExport.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Clapperboard aria-hidden="true" />}
            Export
          </Button>
        </div>

        {latest.data && <ExportProgress highlight={latest.data} />}
      </section>
    </div>
  );
}

function StepNumber({ n }: { n: number }) {
  return (
    <span className="flex size-6 items-center justify-center rounded-full bg-brand-soft text-xs font-semibold text-brand-strong" aria-hidden="true">
      {n}
    </span>
  );
}

function VideoPicker({
  videos,
  loading,
  error,
  selectedId,
  onPick,
}: {
  videos: readonly Video[];
  loading: boolean;
  /** The list could not be loaded and none was loaded before. */
  error: Error | null;
  selectedId: string | null;
  onPick: (video: Video) => void;
}) {
  const processed = videos.filter(isEditable).length;
  return (
    <section aria-labelledby="editor-pick-heading" className="rounded-2xl border border-border bg-card p-4 shadow-xs sm:p-5" data-testid="editor-video-picker">
      <div className="flex items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <StepNumber n={1} />
          <h2 id="editor-pick-heading" className="text-base font-semibold tracking-tight">
            Choose a video
          </h2>
        </div>
        {!loading && videos.length > 0 && (
          <span className="text-xs text-muted-foreground">
            {processed} of {videos.length} ready
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-muted-foreground">Only processed videos can be edited.</p>

      {loading ? (
        <div className="mt-4 grid gap-2 sm:grid-cols-2" aria-busy="true" aria-label="Loading videos">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-[66px] rounded-xl" />
          ))}
        </div>
      ) : error ? (
        <div className="mt-4 rounded-xl border border-dashed border-input px-4 py-8 text-center">
          <p className="text-sm font-medium text-foreground">Your videos could not be loaded</p>
          <p className="mt-1 text-sm text-muted-foreground">{error.message}</p>
        </div>
      ) : videos.length === 0 ? (
        <div className="mt-4 flex flex-col items-center rounded-xl border border-dashed border-input px-4 py-8 text-center">
          <p className="text-sm font-medium text-foreground">No videos yet</p>
          <p className="mt-1 text-sm text-muted-foreground">Upload a video; once it is processed you can edit it here.</p>
          <Link to="/upload" className={buttonVariants({ size: 'sm', className: 'mt-4' })}>
            <Upload aria-hidden="true" />
            Upload a video
          </Link>
        </div>
      ) : (
        <ul className="mt-4 grid max-h-[19rem] gap-2 overflow-y-auto p-0.5 sm:grid-cols-2" data-testid="editor-videos">
          {videos.map((video) => {
            const allowed = isEditable(video);
            const chosen = video.id === selectedId;
            return (
              <li key={video.id} className="min-w-0">
                <button
                  type="button"
                  onClick={() => onPick(video)}
                  disabled={!allowed}
                  aria-pressed={chosen}
                  title={allowed ? undefined : 'Only processed videos can be edited'}
                  data-testid="editor-video"
                  data-video-id={video.id}
                  data-status={video.status}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-xl border p-2 text-left transition-[border-color,background-color,box-shadow]',
                    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1',
                    'disabled:cursor-not-allowed disabled:opacity-60',
                    chosen ? 'border-brand bg-brand-soft/50 ring-1 ring-brand' : 'border-border enabled:hover:border-brand/40 enabled:hover:bg-muted/40',
                  )}
                >
                  <VideoThumbnail src={video.thumbnail} className="aspect-video w-20 shrink-0 rounded-lg" iconClassName="size-4" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-semibold text-foreground">{video.title}</span>
                    <span className="mt-1 flex items-center gap-2">
                      {allowed ? (
                        <span className="font-mono text-xs tabular-nums text-muted-foreground">{formatDuration(video.duration)}</span>
                      ) : (
                        <VideoStatusBadge status={video.status} readyReels={video.readyReels} />
                      )}
                      {video.sourceVideoId && <span className="text-[11px] text-muted-foreground">clip</span>}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function TrimFields({
  video,
  value,
  onChange,
}: {
  video: Video;
  value: { start: string; end: string };
  onChange: (value: { start: string; end: string }) => void;
}) {
  const startId = useId();
  const endId = useId();
  const noteId = useId();
  const length = isTimecode(value.start) && isTimecode(value.end) ? parseDuration(value.end) - parseDuration(value.start) : null;
  return (
    <fieldset className="rounded-xl border border-border bg-muted/40 p-4" data-testid="editor-trim" aria-describedby={noteId}>
      <legend className="sr-only">Trim</legend>
      <div className="flex items-center gap-2">
        <span className="flex size-7 items-center justify-center rounded-lg bg-card text-brand shadow-xs ring-1 ring-border">
          <Scissors className="size-3.5" aria-hidden="true" />
        </span>
        <h3 className="text-sm font-semibold text-foreground">Trim</h3>
        <span className="ml-auto text-xs text-muted-foreground">
          Video {formatDuration(video.duration)} · {formatFileSize(video.fileSize)}
        </span>
      </div>
      <p id={noteId} className="mt-2 text-xs text-muted-foreground">
        The part of the video to export. Type times as m:ss, for example 1:05.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="grid w-24 gap-1.5">
          <Label htmlFor={startId} className="text-xs">
            Start
          </Label>
          <Input
            id={startId}
            value={value.start}
            onChange={(e) => onChange({ ...value, start: e.target.value })}
            inputMode="numeric"
            placeholder="0:00"
            className="h-9 font-mono tabular-nums"
          />
        </div>
        <div className="grid w-24 gap-1.5">
          <Label htmlFor={endId} className="text-xs">
            End
          </Label>
          <Input
            id={endId}
            value={value.end}
            onChange={(e) => onChange({ ...value, end: e.target.value })}
            inputMode="numeric"
            placeholder={defaultTrimRange(video.duration).end}
            className="h-9 font-mono tabular-nums"
          />
        </div>
        <p className="pb-2 text-xs text-muted-foreground" data-testid="trim-length" aria-live="polite">
          {length !== null && length > 0 ? `Clip length ${formatDuration(length)}` : ' '}
        </p>
      </div>
    </fieldset>
  );
}

function ExportProgress({ highlight }: { highlight: Highlight }) {
  const progress = useHighlightProgress(highlight);
  const done = isFinished({ status: progress.status });
  const range = exportRange(highlight, formatDuration);
  return (
    <div
      className={cn(
        'rounded-xl border p-4',
        progress.status === 'error'
          ? 'border-red-200 bg-red-50'
          : progress.status === 'ready'
            ? 'border-emerald-200 bg-emerald-50/60'
            : 'border-brand/25 bg-brand-soft/40',
      )}
      data-testid="export-progress"
      data-status={progress.status}
      aria-live="polite"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-foreground">
            Export v{highlight.version}
            <HighlightStatusBadge status={progress.status} stage={progress.stage} percent={progress.percent} />
          </p>
          <p className="mt-0.5 truncate text-xs text-muted-foreground">
            {highlight.videoTitle}
            {range ? ` · ${range}` : ''} · {formatLabel(highlight.format)}{' '}
            <span title={qualityNote(highlight) ?? undefined} data-testid="export-quality-label">
              {qualityLabel(highlight)}
            </span>
            {highlight.reel ? ` · ${formatFileSize(highlight.reel.size)}` : ''}
          </p>
        </div>
        {progress.status === 'ready' && highlight.reel && (
          <a href={highlight.reel.downloadUrl} download className={buttonVariants({ size: 'sm' })} data-testid="export-download">
            <Download aria-hidden="true" />
            Download
          </a>
        )}
      </div>
      {!done && <Progress value={progress.percent} label="Export progress" className="mt-3 bg-white" />}
      {progress.status === 'error' && (
        <div className="mt-2 flex flex-wrap items-start justify-between gap-2">
          <p className="flex items-start gap-1.5 text-sm text-red-700">
            <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            {progress.errorReason ?? 'The export could not be made.'}
          </p>
          <RetryHighlightButton highlight={highlight} label={`Retry export v${highlight.version}`} />
        </div>
      )}
    </div>
  );
}
