import { useEffect, useRef, useState } from 'react';
import { Music2, Play, Square } from 'lucide-react';
import { MUSIC_MIX, musicGainDb } from '@reelsmith/proto/http/music-mix';
import { Button } from '../../../components/ui/button';
import { formatDuration } from '../../../lib/format';
import type { Video } from '../../videos';
import { useReelMusic, type SelectedMusic } from '../api/use-selected-music';
import { dbToGain, duckReductionDb, fadeShare, previewElapsed, previewLength, previewStep, rms } from '../lib/preview';
import type { Moment } from '../types';

type MusicState = 'none' | 'playing' | 'failed';

/** The Web Audio graph of one preview player: the video's sound as it is (and as the ducking's key), the music through a gain. */
type Mix = { ctx: AudioContext; analyser: AnalyserNode; samples: Float32Array<ArrayBuffer>; gain: GainNode };

function createMix(video: HTMLVideoElement, music: HTMLAudioElement): Mix {
  const ctx = new AudioContext();
  const source = ctx.createMediaElementSource(video);
  const analyser = ctx.createAnalyser();
  analyser.fftSize = 1024;
  source.connect(ctx.destination);
  source.connect(analyser);
  const gain = ctx.createGain();
  ctx.createMediaElementSource(music).connect(gain).connect(ctx.destination);
  return { ctx, analyser, samples: new Float32Array(analyser.fftSize), gain };
}

/**
 * Preview before rendering: the source video plays the moments one after another (it is seeked
 * from each moment to the next) with the version's own track (what a re-render keeps) mixed in by
 * Web Audio, lowered and ducked under the video's own sound with the render's levels (MUSIC_MIX).
 * A version without music plays the video's sound alone, and says so.
 */
export function MomentsPreview({
  video,
  moments,
  musicTrackId,
  disabled,
  onPlayhead,
}: {
  video: Video;
  moments: readonly Moment[];
  /** The version's track (null: the reel has no music). */
  musicTrackId: string | null;
  disabled?: boolean;
  /** Where the preview is in the source video while it plays (a few times a second), null once it stops. */
  onPlayhead?: (seconds: number | null) => void;
}) {
  const music = useReelMusic(musicTrackId);
  const player = useRef<HTMLVideoElement>(null);
  const bed = useRef<HTMLAudioElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const mix = useRef<Mix | null>(null);
  const frame = useRef(0);
  const [open, setOpen] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState({ index: 0, count: 0 });
  const [musicState, setMusicState] = useState<MusicState>('none');
  const [audioState, setAudioState] = useState<AudioContextState | 'none'>('none');

  const stop = () => {
    cancelAnimationFrame(frame.current);
    player.current?.pause();
    bed.current?.pause();
    setPlaying(false);
    onPlayhead?.(null);
  };

  // Closing the page stops the sound and frees the audio device.
  useEffect(
    () => () => {
      cancelAnimationFrame(frame.current);
      void mix.current?.ctx.close();
    },
    [],
  );

  const start = async () => {
    const video = player.current;
    const audio = bed.current;
    if (!video || !audio || moments.length === 0) return;
    const plan = [...moments];
    mix.current ??= createMix(video, audio);
    const { ctx } = mix.current;
    ctx.onstatechange = () => setAudioState(ctx.state);
    setOpen(true);
    await ctx.resume();
    setAudioState(ctx.state);
    video.currentTime = plan[0].start;
    setMusicState(await startMusic(audio, music, mix.current.gain));
    try {
      await video.play();
    } catch {
      stop();
      return;
    }
    setPlaying(true);
    run(plan, 0);
  };

  /** Once a frame: on to the next moment when this one ends, and the music's level for what the video sounds like now. */
  const run = (plan: Moment[], index: number) => {
    const video = player.current;
    const current = mix.current;
    if (!video || !current) return;
    const step = previewStep(plan, index, video.currentTime);
    if (!step) return stop();
    if (step.seek !== null) video.currentTime = step.seek;
    setPosition((p) => (p.index === step.index && p.count === plan.length ? p : { index: step.index, count: plan.length }));
    duck(current, previewElapsed(plan, step.index, video.currentTime), previewLength(plan), panel.current);
    frame.current = requestAnimationFrame(() => run(plan, step.index));
  };

  const label = music ? 'Preview with music' : 'Preview';
  return (
    <>
      <Button
        size="sm"
        variant={playing ? 'secondary' : 'default'}
        className="ml-auto pointer-coarse:min-h-11"
        onClick={playing ? stop : start}
        disabled={!playing && (disabled || !video.streamUrl)}
        data-testid="preview-button"
      >
        {playing ? <Square aria-hidden="true" /> : <Play aria-hidden="true" />}
        {playing ? 'Stop preview' : label}
      </Button>
      <div
        ref={panel}
        className={open ? 'grid basis-full gap-2 rounded-xl border border-border bg-muted/30 p-2 sm:p-3' : 'hidden'}
        data-testid="moments-preview"
        data-state={playing ? 'playing' : 'stopped'}
        data-music={playing ? musicState : 'none'}
        data-audio-state={audioState}
      >
        <video
          ref={player}
          src={video.streamUrl ?? undefined}
          preload="none"
          playsInline
          aria-label={`Preview of the edited moments of ${video.title}`}
          data-testid="preview-video"
          className="mx-auto aspect-video w-full max-w-xl rounded-lg bg-black object-contain"
          onClick={playing ? stop : undefined}
          onTimeUpdate={(event) => playing && onPlayhead?.(event.currentTarget.currentTime)}
        />
        {/* The music bed; heard only through the Web Audio graph, which sets its level. */}
        <audio ref={bed} src={music?.url} loop preload="none" data-testid="preview-music" className="hidden" />
        <p
          className="mx-auto flex w-full min-w-0 max-w-xl flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground"
          aria-live="polite"
          data-testid="preview-note"
        >
          {playing && (
            <span className="font-medium text-foreground">
              Moment {position.index + 1} of {position.count} · {formatDuration(previewLength(moments))} in all
            </span>
          )}
          <MusicNote music={music} state={musicState} />
        </p>
      </div>
    </>
  );
}

function MusicNote({ music, state }: { music: SelectedMusic | null; state: MusicState }) {
  if (!music) return <span>This reel has no music: the preview plays the video’s own sound.</span>;
  if (state === 'failed') return <span className="text-red-700">{music.title} could not be played: the preview plays the video’s own sound.</span>;
  return (
    <span className="flex min-w-0 items-start gap-1">
      <Music2 className="mt-px size-3.5 shrink-0 text-brand" aria-hidden="true" />
      <span className="min-w-0">
        With <span className="font-medium text-foreground">{music.title}</span>, lowered under the video’s sound as in the render
      </span>
    </span>
  );
}

/** The chosen track from its start, at the render's level (faded in quickly so it does not click). */
async function startMusic(audio: HTMLAudioElement, music: SelectedMusic | null, gain: GainNode): Promise<MusicState> {
  if (!music?.url) return 'none';
  gain.gain.value = 0;
  audio.currentTime = 0;
  try {
    await audio.play();
    return 'playing';
  } catch {
    return 'failed';
  }
}

/**
 * The music's level now: the render's bed level, pressed down while the video is loud (the sidechain
 * compressor's threshold, ratio, attack and release) and faded out over the preview's last seconds.
 */
function duck({ ctx, analyser, samples, gain }: Mix, elapsed: number, total: number, panel: HTMLElement | null) {
  analyser.getFloatTimeDomainData(samples);
  const reduction = duckReductionDb(rms(samples));
  const target = dbToGain(musicGainDb() - reduction) * fadeShare(elapsed, total);
  const { attackMs, releaseMs } = MUSIC_MIX.duck;
  gain.gain.setTargetAtTime(target, ctx.currentTime, (target < gain.gain.value ? attackMs : releaseMs) / 1000);
  if (panel) panel.dataset.duckDb = reduction.toFixed(1);
}
