import { useQuery } from '@tanstack/react-query';
import { FILMSTRIP, type WaveformJson } from '@reelsmith/proto/http/filmstrip';
import { xForTime } from '../lib/timeline';
import type { Moment } from '../types';

const FRAME_HEIGHT = 40;
const WAVE_HEIGHT = 28;

/** The waveform's peaks (fetched once per video: the signed URL changes, the peaks do not). */
function useWaveform(videoId: string, url: string | null) {
  return useQuery<WaveformJson>({
    queryKey: ['waveform', videoId],
    enabled: !!url,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const res = await fetch(url!, { signal });
      if (!res.ok) throw new Error(`waveform ${res.status}`);
      return (await res.json()) as WaveformJson;
    },
  });
}

/** The filmstrip frame shown at a time: FILMSTRIP.frames spread evenly over the video. */
export function frameAt(seconds: number, duration: number): { column: number; row: number } {
  const frame = Math.min(FILMSTRIP.frames - 1, Math.max(0, Math.floor((seconds / Math.max(duration, 0.001)) * FILMSTRIP.frames)));
  return { column: frame % FILMSTRIP.columns, row: Math.floor(frame / FILMSTRIP.columns) };
}

/** The waveform as a closed SVG path, mirrored around the middle: one bar per peak. */
export function waveformPath(peaks: readonly number[], width: number, height: number): string {
  if (peaks.length === 0 || width <= 0) return '';
  const middle = height / 2;
  const step = width / peaks.length;
  const x = (i: number) => (i * step).toFixed(1);
  const reach = (i: number) => Math.max(0.5, peaks[i] * middle);
  const top = peaks.map((_, i) => `L${x(i)},${(middle - reach(i)).toFixed(1)}`);
  const bottom = peaks.map((_, k) => peaks.length - 1 - k).map((i) => `L${x(i)},${(middle + reach(i)).toFixed(1)}`);
  return `M0,${middle}${top.join('')}L${width.toFixed(1)},${middle}${bottom.join('')}Z`;
}

/**
 * Under the score plot, on the same seconds: the video's filmstrip and the waveform of its sound
 * (both made once while processing), with the chosen moments tinted, so edges can be set against
 * what is seen and heard. Absent pieces (a video processed before they existed, or without sound)
 * are left out.
 */
export function VideoStrip({
  videoId,
  filmstrip,
  waveform,
  duration,
  width,
  moments,
}: {
  videoId: string;
  filmstrip: string | null;
  waveform: string | null;
  duration: number;
  width: number;
  moments: readonly Moment[];
}) {
  const wave = useWaveform(videoId, waveform);
  if (!filmstrip && !waveform) return null;
  const slots = Math.max(1, Math.round(width / ((FRAME_HEIGHT * 16) / 9)));
  const peaks = wave.data?.peaks ?? [];
  return (
    <div className="relative mt-1 overflow-hidden rounded-md bg-muted" data-testid="video-strip" aria-hidden="true">
      {filmstrip && (
        <div className="flex" style={{ height: FRAME_HEIGHT }} data-testid="filmstrip">
          {Array.from({ length: slots }, (_, i) => {
            const { column, row } = frameAt(((i + 0.5) / slots) * duration, duration);
            return (
              <div
                key={i}
                className="h-full flex-1 border-r border-black/20 bg-no-repeat last:border-r-0"
                style={{
                  backgroundImage: `url("${filmstrip}")`,
                  backgroundSize: `${FILMSTRIP.columns * 100}% ${FILMSTRIP.rows * 100}%`,
                  backgroundPosition: `${(column / (FILMSTRIP.columns - 1)) * 100}% ${(row / (FILMSTRIP.rows - 1)) * 100}%`,
                }}
              />
            );
          })}
        </div>
      )}
      {waveform && (
        <svg width={width} height={WAVE_HEIGHT} className="block bg-slate-900/[0.04]" data-testid="waveform" data-peaks={peaks.length}>
          <path d={waveformPath(peaks, width, WAVE_HEIGHT)} fill="#64748b" fillOpacity={0.7} />
        </svg>
      )}
      {moments.map((m, i) => (
        <div
          key={i}
          className="pointer-events-none absolute inset-y-0 border-x-2 border-brand bg-brand/15"
          style={{ left: xForTime(m.start, duration, width), width: Math.max(2, xForTime(m.end, duration, width) - xForTime(m.start, duration, width)) }}
        />
      ))}
    </div>
  );
}
