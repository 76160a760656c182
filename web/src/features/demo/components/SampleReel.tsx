import { useState, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Pause, Play } from 'lucide-react';
import { useIdle } from '../../../hooks/use-idle';
import { useInView } from '../../../hooks/use-in-view';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { formatDuration } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { fetchSampleReels, SAMPLE_REELS_QUERY_KEY, type SampleReel as Reel } from '../api/sample-reel';

/**
 * The first sample reel of /demo-reels/index.json playing muted in a 16:9 frame, for a dark
 * background. Nothing is fetched before the page is idle and the frame near the viewport; while
 * there is no reel (no manifest, or the video fails) a still panel takes its place.
 */
export function SampleReel({ className }: { className?: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const near = useInView(frame);
  const idle = useIdle();
  const { data: reel } = useQuery({
    queryKey: SAMPLE_REELS_QUERY_KEY,
    queryFn: fetchSampleReels,
    select: (reels) => reels[0] ?? null,
    enabled: near && idle,
    staleTime: Infinity,
  });
  const [failed, setFailed] = useState(false);
  const shown = reel && !failed ? reel : null;
  return (
    <figure className={className} data-testid="sample-reel">
      <div ref={frame} className="relative aspect-video overflow-hidden rounded-xl bg-sidebar-raised ring-1 ring-white/10">
        {shown ? <ReelVideo reel={shown} onError={() => setFailed(true)} /> : <StillPanel />}
      </div>
      <figcaption className="mt-2.5 text-[13px] text-sidebar-foreground">
        {shown
          ? `Sample reel: ${shown.title} · ${formatDuration(shown.durationSeconds)}${shown.credit ? ` · ${shown.credit}` : ''}`
          : 'Every minute of the video is scored; only the moments that matter make the reel.'}
      </figcaption>
    </figure>
  );
}

function ReelVideo({ reel, onError }: { reel: Reel; onError: () => void }) {
  const video = useRef<HTMLVideoElement | null>(null);
  const still = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const el = video.current;
    if (el?.paused) void el.play().catch(() => undefined);
    else el?.pause();
  };
  return (
    <>
      <video
        ref={(el) => {
          // React sets `muted` as a property only; the attribute is what lets phones autoplay inline.
          if (el) el.defaultMuted = true;
          video.current = el;
        }}
        src={reel.video}
        poster={reel.poster}
        muted
        autoPlay={!still}
        loop
        playsInline
        preload={still ? 'none' : 'auto'}
        aria-label={`Sample reel: ${reel.title}`}
        className="size-full object-cover"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onError={onError}
        data-testid="sample-reel-video"
      />
      <button
        type="button"
        onClick={toggle}
        aria-label={playing ? 'Pause the sample reel' : 'Play the sample reel'}
        className="absolute bottom-3 right-3 flex size-9 items-center justify-center rounded-full bg-black/60 text-white ring-1 ring-white/25 transition-colors hover:bg-black/75 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {playing ? <Pause className="size-4" aria-hidden="true" /> : <Play className="ml-0.5 size-4" aria-hidden="true" />}
      </button>
    </>
  );
}

// A stylised score of a long video: bars for how much happens, the peaks kept as moments.
const BARS = [16, 22, 18, 26, 20, 34, 70, 92, 60, 26, 20, 30, 24, 22, 40, 78, 96, 66, 28, 22, 18, 26, 34, 28, 24, 54, 86, 58, 30, 20, 16, 24];
const MOMENTS = [
  { label: 'Goal', at: 7 },
  { label: 'Save', at: 16 },
  { label: 'Crowd', at: 26 },
];
const isPeak = (i: number) => MOMENTS.some((m) => Math.abs(m.at - i) <= 1);

function StillPanel() {
  return (
    <div
      aria-hidden="true"
      className="absolute inset-0 flex flex-col justify-end bg-[radial-gradient(120%_90%_at_80%_0%,rgb(255_102_0/0.22),transparent_60%)] p-4 sm:p-6"
      data-testid="sample-reel-still"
    >
      <p className="absolute left-4 top-4 flex items-center gap-2 text-[11px] font-semibold uppercase tracking-[0.14em] text-sidebar-foreground sm:left-6 sm:top-6">
        <span className="size-1.5 rounded-full bg-brand" />
        Whole video, scored
      </p>
      <div className="relative">
        <div className="flex h-24 items-end gap-[3px] sm:h-36">
          {BARS.map((height, i) => (
            <span key={i} style={{ height: `${height}%` }} className={cn('flex-1 rounded-[3px]', isPeak(i) ? 'bg-brand' : 'bg-white/[0.14]')} />
          ))}
        </div>
        <div className="relative mt-2 h-6">
          {MOMENTS.map((m) => (
            <span
              key={m.label}
              style={{ left: `${((m.at + 0.5) / BARS.length) * 100}%` }}
              className="absolute -translate-x-1/2 rounded-full bg-brand/15 px-2 py-0.5 text-[11px] font-semibold text-brand ring-1 ring-brand/30"
            >
              {m.label}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
