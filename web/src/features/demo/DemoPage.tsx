import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ArrowRight, Clock, Heart, Mountain, Music2, Play, Presentation, Trophy, type LucideIcon } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { formatDuration } from '../../lib/format';
import { cn } from '../../lib/utils';
import { PageHeader } from '../../components/layout/PageHeader';
import { fetchSampleReels, SAMPLE_REELS_QUERY_KEY, type SampleReel } from './api/sample-reel';
import { DEMO_HIGHLIGHTS, type DemoHighlight, type DemoKind } from './demo-reels';

const LOOK: Record<DemoKind, { icon: LucideIcon; gradient: string }> = {
  sport: { icon: Trophy, gradient: 'from-emerald-500 via-green-600 to-teal-800' },
  wedding: { icon: Heart, gradient: 'from-rose-300 via-pink-500 to-fuchsia-700' },
  business: { icon: Presentation, gradient: 'from-sky-500 via-blue-600 to-indigo-800' },
  travel: { icon: Mountain, gradient: 'from-amber-400 via-orange-500 to-rose-700' },
};

/**
 * /demo: the four kinds of reel, each with the sample reel the engine made for it
 * (/demo-reels/index.json) playing in the card; a drawn panel stands in until it is made.
 */
export function DemoPage() {
  const navigate = useNavigate();
  const { data: reels = [] } = useQuery({ queryKey: SAMPLE_REELS_QUERY_KEY, queryFn: fetchSampleReels, staleTime: Infinity });

  return (
    <div className="grid gap-8">
      <PageHeader
        title="Demo Highlights"
        description="Sample highlight reels that show what Reelsmith makes from long sport, wedding, business and travel footage."
        actions={
          <Button onClick={() => navigate('/upload')}>
            Start Creating
            <ArrowRight aria-hidden="true" />
          </Button>
        }
      />

      <section aria-label="Sample reels" className="grid gap-6 md:grid-cols-2">
        {DEMO_HIGHLIGHTS.map((demo) => (
          <DemoCard key={demo.id} demo={demo} reel={reels.find((r) => r.kind === demo.kind) ?? null} />
        ))}
      </section>
    </div>
  );
}

function DemoCard({ demo, reel }: { demo: DemoHighlight; reel: SampleReel | null }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-xs" data-testid="demo-reel" data-demo-id={demo.id}>
      {reel ? <ReelPlayer reel={reel} /> : <DrawnPanel demo={demo} />}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <h2 className="text-base font-semibold tracking-tight text-foreground">{demo.title}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{demo.description}</p>
          {reel && (
            <p className="mt-2 text-xs text-muted-foreground" data-testid="demo-reel-credit">
              <span className="font-medium text-foreground">Sample reel: {reel.title}</span> · {formatDuration(reel.durationSeconds)}
              <br />
              {reel.credit}
            </p>
          )}
        </div>
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {demo.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-foreground/80">
              {tag}
            </li>
          ))}
        </ul>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Music2 className="size-4 shrink-0 text-brand" aria-hidden="true" />
          <span>
            Music: <span className="font-medium text-foreground">{demo.musicTrack}</span>
          </span>
        </p>
        <div className="mt-auto border-t border-border pt-3">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Highlight moments</h3>
          <ol className="mt-2 grid gap-1.5">
            {demo.highlights.map((moment) => (
              <li key={moment.time} className="flex items-center gap-3 text-sm">
                <span className="w-10 shrink-0 font-mono text-xs tabular-nums text-brand-strong">{moment.time}</span>
                <span className="text-foreground">{moment.label}</span>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </article>
  );
}

/** The engine's reel for this kind: its poster with a play button, then the video with its controls. */
function ReelPlayer({ reel }: { reel: SampleReel }) {
  const video = useRef<HTMLVideoElement>(null);
  const [started, setStarted] = useState(false);
  const play = () => {
    setStarted(true);
    void video.current?.play().catch(() => undefined);
  };
  return (
    <div className="relative aspect-video bg-black">
      <video
        ref={video}
        src={reel.video}
        poster={reel.poster}
        controls={started}
        playsInline
        preload="metadata"
        aria-label={`Sample reel: ${reel.title}`}
        className="size-full object-contain"
        onPlay={() => setStarted(true)}
        data-testid="demo-reel-video"
      />
      {!started && (
        <>
          <PlayButton label={`Play demo: ${reel.title}`} onClick={play} />
          <DurationBadge>{formatDuration(reel.durationSeconds)}</DurationBadge>
        </>
      )}
    </div>
  );
}

/** Until the sample reel is made: the kind's colours and icon, and the canned length of such a reel. */
function DrawnPanel({ demo }: { demo: DemoHighlight }) {
  const { icon: Icon, gradient } = LOOK[demo.kind];
  return (
    <div className="relative aspect-video">
      <div className={cn('absolute inset-0 bg-gradient-to-br', gradient)} role="img" aria-label={demo.thumbnail} data-testid="demo-thumbnail">
        <Icon className="absolute left-5 top-5 size-8 text-white/80" aria-hidden="true" />
        <div className="absolute inset-x-0 bottom-0 h-1/2 bg-gradient-to-t from-black/45 to-transparent" />
      </div>
      <p className="absolute bottom-3 left-4 text-xs font-medium text-white">Sample reel on its way</p>
      <DurationBadge>{demo.duration}</DurationBadge>
    </div>
  );
}

function PlayButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn(
        'absolute left-1/2 top-1/2 flex size-14 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white/95 text-brand shadow-lg transition-transform',
        'hover:scale-105 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-white/60',
      )}
    >
      <Play className="ml-1 size-6" aria-hidden="true" />
    </button>
  );
}

function DurationBadge({ children }: { children: string }) {
  return (
    <span
      className="absolute bottom-3 right-3 flex items-center gap-1 rounded-md bg-black/60 px-2 py-0.5 text-xs font-medium text-white"
      data-testid="demo-duration"
    >
      <Clock className="size-3" aria-hidden="true" />
      {children}
    </span>
  );
}
