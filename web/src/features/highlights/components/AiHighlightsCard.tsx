import { useId, useState } from 'react';
import { formatDuration } from '../../../lib/format';
import { Link } from 'react-router-dom';
import { ArrowRight, Loader2, Sparkles } from 'lucide-react';
import { NativeSelect } from '../../../components/ui/native-select';
import { Progress } from '../../../components/ui/progress';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/utils';
import type { Video } from '../../videos';
import { useGenerateHighlights, useVideoHighlights } from '../api/highlights';
import { HIGHLIGHT_PARAM } from '../api/keys';
import { useHighlightProgress } from '../api/use-highlight-progress';
import { useSelectedMusicForRender } from '../api/use-selected-music';
import { DEFAULT_GENERATE_OPTIONS, lengthsFor, PLATFORM_CHOICES, PRESETS } from '../lib/options';
import { isFinished } from '../lib/progress';
import type { Platform } from '@reelsmith/proto/http';
import type { Highlight, Preset, TargetLength } from '../types';
import { HighlightStatusBadge } from './HighlightStatusBadge';

/**
 * The dashboard's AI Highlights action card: generates highlights of the selected
 * video with the chosen preset, target length and platform (Custom: 16:9), and follows its newest
 * reel live. Several lengths at once are on the video page's form.
 */
export function AiHighlightsCard({ video, className }: { video: Video | null; className?: string }) {
  const [preset, setPreset] = useState<Preset>(DEFAULT_GENERATE_OPTIONS.preset);
  const [targetLength, setTargetLength] = useState<TargetLength>(DEFAULT_GENERATE_OPTIONS.targetLength);
  const [platform, setPlatform] = useState<Platform | null>(null);
  const music = useSelectedMusicForRender();
  const generate = useGenerateHighlights();
  const versions = useVideoHighlights(video?.id, { enabled: video?.status === 'processed' });
  const newest = video ? (versions.data?.[0] ?? null) : null;
  const presetId = useId();
  const lengthId = useId();
  const platformId = useId();
  const takes = lengthsFor(platform);
  const choosePlatform = (value: string) => {
    const next = PLATFORM_CHOICES.find((p) => p.value === value)?.value ?? null;
    setPlatform(next);
    if (!lengthsFor(next).includes(targetLength)) setTargetLength(30);
  };

  const start = () => {
    if (!video) {
      toast({
        variant: 'destructive',
        title: 'No video selected',
        description: 'Please select a video first by clicking on a video card.',
      });
      return;
    }
    generate.mutate({ videoId: video.id, options: { preset, targetLength, platform, musicTrackId: music?.id ?? null } });
  };

  return (
    <div
      className={cn(
        'flex h-full flex-col rounded-2xl border border-border bg-card shadow-xs transition-[border-color,box-shadow] hover:border-brand/40 hover:shadow-md hover:shadow-black/[0.03]',
        className,
      )}
      data-testid="ai-highlights-card"
    >
      <button
        type="button"
        onClick={start}
        disabled={generate.isPending}
        data-testid="action-ai-highlights"
        className={cn(
          'group flex flex-1 items-start gap-4 rounded-t-2xl p-4 pb-3 text-left sm:p-5 sm:pb-3',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-wait disabled:opacity-70',
        )}
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand">
          {generate.isPending ? <Loader2 className="size-5 animate-spin" aria-hidden="true" /> : <Sparkles className="size-5" aria-hidden="true" />}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center justify-between gap-2">
            <span className="text-[15px] font-semibold text-foreground">AI Highlights</span>
            <ArrowRight
              className="size-4 shrink-0 text-muted-foreground/70 transition-transform group-hover:translate-x-0.5 group-hover:text-brand"
              aria-hidden="true"
            />
          </span>
          <span className="mt-1 line-clamp-2 block text-sm text-muted-foreground">
            {video ? `Find the best moments of “${video.title}”.` : 'Select a video below, then let AI find its best moments.'}
          </span>
        </span>
      </button>

      <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5 px-4 pb-4 sm:px-5" data-testid="ai-highlights-options">
        <label htmlFor={presetId} className="text-xs font-medium text-muted-foreground">
          Preset
        </label>
        <NativeSelect
          id={presetId}
          value={preset}
          onChange={(event) => setPreset(event.target.value as Preset)}
          className="h-8 pl-2.5 pr-7 text-xs sm:text-xs"
          wrapperClassName="min-w-0"
        >
          {PRESETS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </NativeSelect>
        <label htmlFor={lengthId} className="ml-1 text-xs font-medium text-muted-foreground">
          Length
        </label>
        <NativeSelect
          id={lengthId}
          value={targetLength}
          onChange={(event) => setTargetLength(Number(event.target.value) as TargetLength)}
          className="h-8 pl-2.5 pr-7 text-xs sm:text-xs"
        >
          {takes.map((length) => (
            <option key={length} value={length}>
              {formatDuration(length)}
            </option>
          ))}
        </NativeSelect>
        <label htmlFor={platformId} className="ml-1 text-xs font-medium text-muted-foreground">
          For
        </label>
        <NativeSelect
          id={platformId}
          value={platform ?? ''}
          onChange={(event) => choosePlatform(event.target.value)}
          className="h-8 pl-2.5 pr-7 text-xs sm:text-xs"
          wrapperClassName="min-w-0"
        >
          <option value="">Custom</option>
          {PLATFORM_CHOICES.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </NativeSelect>
      </div>

      {video && newest && <NewestReel video={video} highlight={newest} />}
    </div>
  );
}

function NewestReel({ video, highlight }: { video: Video; highlight: Highlight }) {
  const progress = useHighlightProgress(highlight);
  const working = !isFinished({ status: progress.status });
  return (
    <div className="mx-4 mb-4 rounded-xl bg-muted/60 p-2.5 sm:mx-5" data-testid="ai-highlights-status" data-status={progress.status}>
      <div className="flex items-center justify-between gap-2">
        <span className="flex min-w-0 items-center gap-2">
          <span className="text-xs font-semibold text-foreground">v{highlight.version}</span>
          <HighlightStatusBadge status={progress.status} stage={progress.stage} percent={progress.percent} />
        </span>
        <Link
          to={`/video/${video.id}?${HIGHLIGHT_PARAM}=${highlight.id}#highlights`}
          className="inline-flex shrink-0 items-center gap-1 rounded-md text-xs font-medium text-brand-strong hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="ai-highlights-link"
        >
          {progress.status === 'ready' ? 'Watch' : 'Open'}
          <span className="sr-only"> highlights of {video.title}</span>
          <ArrowRight className="size-3" aria-hidden="true" />
        </Link>
      </div>
      {working && <Progress value={progress.percent} label={`Highlights of ${video.title}`} className="mt-2 h-1 bg-white" />}
    </div>
  );
}
