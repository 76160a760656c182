import type { ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AlertTriangle, ExternalLink, Film, Loader2, Maximize, Minimize, Pause, Play, RotateCcw, Volume2, VolumeX } from 'lucide-react';
import { DEFAULT_VOLUME, SEEK_STEP } from '../../../config/constants';
import { Progress } from '../../../components/ui/progress';
import { formatDuration } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { useVideoProgress } from '../live/use-live';
import { pipelinePercent, stageCaption } from '../lib/processing';
import type { Video } from '../types';
import { useStableUrl } from './use-stable-url';

/**
 * Opens the stream in a popup window; when the browser blocks it, the app goes to /video/{id}
 * instead. The popup is opened without 'noopener' (which would hide whether it was
 * blocked) and then cut from this page.
 */
export function openStreamWindow(video: Pick<Video, 'id' | 'streamUrl'>, navigate: (to: string) => void): void {
  const popup = video.streamUrl ? window.open(video.streamUrl, '_blank') : null;
  if (!popup) {
    navigate(`/video/${video.id}`);
    return;
  }
  try {
    popup.opener = null;
  } catch {
    // Cross-origin windows may refuse; the stream is same-origin, so this normally works.
  }
}

/** Thumbnail check: a poster that fails to load leaves an icon instead of a broken frame. */
function useImageLoads(src: string | null | undefined): boolean | null {
  const [state, setState] = useState<{ src: string; ok: boolean } | null>(null);
  useEffect(() => {
    if (!src) return undefined;
    let live = true;
    const img = new Image();
    img.onload = () => live && setState({ src, ok: true });
    img.onerror = () => live && setState({ src, ok: false });
    img.src = src;
    return () => {
      live = false;
    };
  }, [src]);
  if (!src) return false;
  return state?.src === src ? state.ok : null;
}

/**
 * The streaming player: the signed stream in a <video> with custom controls: play/pause,
 * seek (step 0.1), time, volume (default 75), mute, fullscreen and 'Open in new window'.
 */
export function VideoPlayer({
  video,
  className,
  onSourceError,
  showOpenInWindow = true,
  aspect = '16:9',
  label,
  onTimeChange,
  onSeekerChange,
  captions,
}: {
  video: Video;
  /** Where playback is, as it moves (the transcript highlights the word being said). */
  onTimeChange?: (seconds: number) => void;
  /** Gets a function that seeks this player (click-to-seek in the transcript), and null when it goes. */
  onSeekerChange?: (seek: ((seconds: number) => void) | null) => void;
  /** A WebVTT captions track for the player (shown at once when `show`). */
  captions?: { src: string; label: string; srcLang: string; show: boolean } | null;
  /** A vertical reel (9:16) gets a tall frame, no wider than the screen allows. */
  aspect?: string;
  /** What the player is called for assistive technology (default: 'Video player: <title>'). */
  label?: string;
  className?: string;
  /** The signed URL may have expired: a chance to fetch fresh video data. */
  onSourceError?: () => void;
  showOpenInWindow?: boolean;
}) {
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const element = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(video.duration || 0);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [muted, setMuted] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [failed, setFailed] = useState(false);
  // Kept stable across refetches, so a list refresh does not restart playback.
  const [src, renewSrc] = useStableUrl(video.streamUrl);
  const [poster] = useStableUrl(video.thumbnail);
  const posterOk = useImageLoads(poster);

  // A new source: start over.
  useEffect(() => {
    setPlaying(false);
    setStarted(false);
    setTime(0);
    setFailed(false);
    setDuration(video.duration || 0);
  }, [src, video.duration]);

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    el.volume = volume / 100;
    el.muted = muted;
  }, [volume, muted, src]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === container.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const togglePlay = useCallback(() => {
    const el = element.current;
    if (!el) return;
    if (el.paused || el.ended) {
      el.play().catch(() => setPlaying(false));
    } else {
      el.pause();
    }
  }, []);

  const seek = useCallback((seconds: number) => {
    const el = element.current;
    if (!el || !Number.isFinite(seconds)) return;
    el.currentTime = seconds;
    setTime(seconds);
  }, []);

  useEffect(() => {
    if (!onSeekerChange) return undefined;
    onSeekerChange(seek);
    return () => onSeekerChange(null);
  }, [onSeekerChange, seek]);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void container.current?.requestFullscreen?.().catch(() => undefined);
  };

  if (!src) return <PlayerPlaceholder video={video} className={className} />;

  const max = duration > 0 ? duration : 0;
  const showFallbackIcon = !started && posterOk !== true;

  return (
    <div
      ref={container}
      data-testid="video-player"
      role="group"
      aria-label={label ?? `Video player: ${video.title}`}
      className={cn(
        'group/player relative overflow-hidden rounded-xl bg-black text-white',
        // A vertical reel's whole player is portrait (wide enough for its controls), not a wide black box around it.
        aspect === '9:16' && !fullscreen && 'mx-auto w-full max-w-[max(20rem,calc(70vh*9/16))]',
        fullscreen && 'rounded-none',
        className,
      )}
      data-aspect={aspect}
    >
      <div
        className={cn(
          'relative w-full',
          aspect === '9:16' ? 'mx-auto aspect-[9/16] max-h-[70vh] max-w-[calc(70vh*9/16)]' : 'aspect-video',
          fullscreen && 'h-[calc(100%-3.25rem)] aspect-auto max-h-none max-w-none',
        )}
      >
        <video
          ref={element}
          key={src}
          src={src}
          poster={posterOk && poster ? poster : undefined}
          preload="metadata"
          playsInline
          aria-label={video.title}
          data-testid="player-video"
          className="size-full bg-black object-contain"
          onClick={togglePlay}
          onPlay={() => {
            setPlaying(true);
            setStarted(true);
          }}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onWaiting={() => setWaiting(true)}
          onPlaying={() => setWaiting(false)}
          onCanPlay={() => setWaiting(false)}
          onTimeUpdate={(event) => {
            setTime(event.currentTarget.currentTime);
            onTimeChange?.(event.currentTarget.currentTime);
          }}
          onSeeked={(event) => onTimeChange?.(event.currentTarget.currentTime)}
          onLoadedMetadata={(event) => {
            const d = event.currentTarget.duration;
            if (Number.isFinite(d) && d > 0) setDuration(d);
          }}
          onDurationChange={(event) => {
            const d = event.currentTarget.duration;
            if (Number.isFinite(d) && d > 0) setDuration(d);
          }}
          onVolumeChange={(event) => setMuted(event.currentTarget.muted)}
          onError={() => setFailed(true)}
        >
          {captions && (
            <track
              key={captions.src}
              kind="captions"
              src={captions.src}
              label={captions.label}
              srcLang={captions.srcLang}
              default={captions.show}
              data-testid="player-captions"
            />
          )}
        </video>
        {showFallbackIcon && !failed && (
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            onClick={togglePlay}
            data-testid="player-fallback-icon"
            className="absolute inset-0 flex items-center justify-center bg-gradient-to-br from-neutral-800 to-neutral-950 text-neutral-500"
          >
            <Film className="size-12" />
          </button>
        )}
        {!playing && !failed && (
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            onClick={togglePlay}
            className="absolute left-1/2 top-1/2 flex size-14 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-brand text-white shadow-lg shadow-black/40 transition-transform hover:scale-105"
          >
            <Play className="ml-0.5 size-6 fill-current" />
          </button>
        )}
        {waiting && playing && (
          <Loader2
            className="pointer-events-none absolute left-1/2 top-1/2 size-8 -translate-x-1/2 -translate-y-1/2 animate-spin text-white/80"
            aria-hidden="true"
          />
        )}
        {failed && (
          <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-neutral-950/90 p-4 text-center">
            <AlertTriangle className="size-7 text-amber-400" aria-hidden="true" />
            <p className="text-sm text-neutral-200">This video could not be played.</p>
            {onSourceError && (
              <button
                type="button"
                onClick={() => {
                  setFailed(false);
                  renewSrc();
                  onSourceError();
                }}
                className="inline-flex items-center gap-1.5 rounded-lg bg-white/10 px-3 py-1.5 text-sm font-medium hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <RotateCcw className="size-3.5" aria-hidden="true" />
                Try again
              </button>
            )}
          </div>
        )}
      </div>

      {/* One row from 640px; below, the seek bar gets a row of its own above the buttons. */}
      <div className="flex flex-wrap items-center gap-x-1 gap-y-1 bg-neutral-950 px-2 pb-2 pt-2 sm:flex-nowrap sm:gap-2 sm:px-3" data-testid="player-controls">
        <ControlButton label={playing ? 'Pause' : 'Play'} onClick={togglePlay}>
          {playing ? <Pause className="fill-current" /> : <Play className="fill-current" />}
        </ControlButton>
        <input
          type="range"
          aria-label="Seek"
          min={0}
          max={max}
          step={SEEK_STEP}
          value={Math.min(time, max)}
          disabled={max === 0}
          onChange={(event) => seek(Number(event.target.value))}
          aria-valuetext={`${formatDuration(time)} of ${formatDuration(max)}`}
          data-testid="player-seek"
          className="order-first h-5 min-w-0 basis-full cursor-pointer px-1 accent-brand disabled:cursor-default sm:order-none sm:h-1.5 sm:flex-1 sm:basis-0 sm:px-0"
        />
        <span className="mr-auto shrink-0 px-1 font-mono text-xs tabular-nums text-neutral-300 sm:mr-0" data-testid="player-time">
          {formatDuration(time)} / {formatDuration(max)}
        </span>
        <ControlButton label={muted ? 'Unmute' : 'Mute'} onClick={() => setMuted((m) => !m)}>
          {muted || volume === 0 ? <VolumeX /> : <Volume2 />}
        </ControlButton>
        <input
          type="range"
          aria-label="Volume"
          min={0}
          max={100}
          step={1}
          value={muted ? 0 : volume}
          onChange={(event) => {
            const next = Number(event.target.value);
            setVolume(next);
            if (next > 0 && muted) setMuted(false);
          }}
          data-testid="player-volume"
          className="hidden h-1.5 w-20 cursor-pointer accent-brand sm:block"
        />
        {showOpenInWindow && (
          <ControlButton label="Open in new window" onClick={() => openStreamWindow(video, navigate)}>
            <ExternalLink />
          </ControlButton>
        )}
        <ControlButton label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'} onClick={toggleFullscreen}>
          {fullscreen ? <Minimize /> : <Maximize />}
        </ControlButton>
      </div>
    </div>
  );
}

function ControlButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="flex size-11 shrink-0 items-center justify-center rounded-lg text-neutral-200 sm:size-9 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-[18px]"
    >
      {children}
    </button>
  );
}

/** Before the stream exists: the thumbnail (or icon) with where processing stands. */
function PlayerPlaceholder({ video, className }: { video: Video; className?: string }) {
  const live = useVideoProgress(video.id);
  const status = live?.status ?? video.status;
  const stage = live?.stage ?? video.stage;
  const failed = status === 'error';
  const percent = pipelinePercent(stage, status, live?.percent ?? video.percent);
  return (
    <div
      data-testid="video-player-placeholder"
      className={cn(
        'relative flex aspect-video w-full flex-col items-center justify-center gap-3 overflow-hidden rounded-xl bg-neutral-950 p-6 text-center text-white',
        className,
      )}
    >
      {failed ? (
        <>
          <AlertTriangle className="size-8 text-red-400" aria-hidden="true" />
          {/* The reason says what failed already; the headline is only for a failure without one. */}
          <p className="max-w-md text-sm font-medium" data-testid="player-error">
            {live?.errorReason || video.errorReason || 'This video could not be processed.'}
          </p>
        </>
      ) : (
        <>
          <Loader2 className="size-8 animate-spin text-brand" aria-hidden="true" />
          <p className="text-sm font-medium">{stageCaption(stage, status)}</p>
          <div className="w-full max-w-xs">
            <Progress value={percent} label="Processing progress" className="bg-white/10" />
            <p className="mt-1.5 font-mono text-xs tabular-nums text-neutral-400">{percent}%</p>
          </div>
          <p className="text-xs text-neutral-500">The player appears as soon as the video is ready.</p>
        </>
      )}
    </div>
  );
}
