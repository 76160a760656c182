/**
 * ffmpeg and ffprobe argument lists, built by pure functions so they can be checked without running
 * anything. Only MediaRepository runs them.
 */

export function probeArgs(input: string): string[] {
  return ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input];
}

/** One JPEG frame, 640 px wide, from a moment that is rarely black (not the very first frame). */
export function thumbnailArgs(input: string, output: string, atSeconds: number): string[] {
  return [
    '-hide_banner', '-nostdin', '-y', '-v', 'error',
    '-ss', atSeconds.toFixed(3), '-i', input,
    '-frames:v', '1', '-vf', 'scale=640:-2', '-q:v', '4',
    output,
  ];
}

export interface ProxyOptions {
  hasAudio: boolean;
  height: number;
  /** The streams are already H.264 (+ AAC): only the container changes, nothing is re-encoded. */
  remux?: boolean;
}

/** H.264/AAC MP4 that every browser plays, moov atom first so playback starts before the download ends. */
export function proxyArgs(input: string, output: string, { hasAudio, height, remux = false }: ProxyOptions): string[] {
  const scale = height > 1080 && !remux ? ['-vf', 'scale=-2:1080'] : [];
  const video = remux ? ['-c:v', 'copy'] : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-profile:v', 'high'];
  const audio = !hasAudio ? ['-an'] : remux ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '160k', '-ac', '2'];
  return [
    '-hide_banner', '-nostdin', '-y', '-v', 'error', '-progress', 'pipe:1', '-nostats',
    '-i', input,
    '-map', '0:v:0', ...(hasAudio ? ['-map', '0:a:0'] : []),
    ...scale,
    ...video,
    ...audio,
    '-movflags', '+faststart',
    output,
  ];
}

/** A frame-accurate clip from start to end (seconds), re-encoded to H.264/AAC MP4. */
export function trimArgs(input: string, output: string, start: number, end: number, hasAudio: boolean): string[] {
  return [
    '-hide_banner', '-nostdin', '-y', '-v', 'error', '-progress', 'pipe:1', '-nostats',
    '-ss', start.toFixed(3), '-i', input, '-t', (end - start).toFixed(3),
    '-map', '0:v:0', ...(hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '160k'] : ['-an']),
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p',
    '-movflags', '+faststart',
    output,
  ];
}

/** Seconds of output written so far, from one block of `-progress` lines; null when the block has none. */
export function progressSeconds(block: string): number | null {
  const match = /out_time_(?:us|ms)=(\d+)/.exec(block);
  return match ? Number(match[1]) / 1e6 : null;
}

/** What the analysis decodes: small gray frames and mono PCM whose step sizes line up. */
export const ANALYSIS = { fps: 5, width: 80, height: 45, sampleRate: 12800 } as const;

/**
 * One decode of the whole video into two pipes: gray 80x45 frames at 5 fps on fd 3 and mono
 * 12.8 kHz s16le on fd 4 (0.2 s = one frame = 2560 samples = five FFT frames of 512).
 */
export function analysisArgs(input: string, hasAudio: boolean): string[] {
  const { fps, width, height, sampleRate } = ANALYSIS;
  return [
    '-hide_banner', '-nostdin', '-v', 'error', '-progress', 'pipe:1', '-nostats',
    // The loop filter only polishes pictures; the analysis does not need it (about 15% less decode time).
    '-skip_loop_filter', 'all',
    '-i', input,
    '-map', '0:v:0', '-vf', `fps=${fps},scale=${width}:${height}:flags=area,format=gray`, '-f', 'rawvideo', 'pipe:3',
    ...(hasAudio ? ['-map', '0:a:0', '-ac', '1', '-ar', String(sampleRate), '-f', 's16le', 'pipe:4'] : []),
  ];
}

export type ReelQuality = '1080p' | '720p' | '480p';
export type ReelFormat = 'mp4' | 'mov' | 'avi';
export type ReelAspect = '16:9' | '9:16';

export interface RenderSpec {
  source: string;
  hasAudio: boolean;
  /** Seconds of the source, in reel order; cropX (0..1) centres a 9:16 crop on the action. */
  moments: Array<{ start: number; end: number; cropX?: number }>;
  quality: ReelQuality;
  format: ReelFormat;
  aspect: ReelAspect;
  crossfade: number;
  /** A music bed: its file and its integrated loudness (LUFS). */
  music?: { source: string; loudness: number };
  output: string;
}

const HEIGHTS: Record<ReelQuality, number> = { '1080p': 1080, '720p': 720, '480p': 480 };
const FPS = 30;
/** Where the music sits before ducking: under dialogue, above room tone. */
const MUSIC_LUFS = -24;

export function reelSize(quality: ReelQuality, aspect: ReelAspect): { width: number; height: number } {
  const long = HEIGHTS[quality] === 480 ? 854 : (HEIGHTS[quality] * 16) / 9;
  return aspect === '16:9' ? { width: long, height: HEIGHTS[quality] } : { width: HEIGHTS[quality], height: long };
}

/** Length of the reel: the moments minus the crossfades between them. */
export function reelLength(spec: Pick<RenderSpec, 'moments' | 'crossfade'>): number {
  return spec.moments.reduce((sum, m) => sum + (m.end - m.start), 0) - spec.crossfade * Math.max(0, spec.moments.length - 1);
}

const fixed = (v: number) => v.toFixed(3);

/**
 * One ffmpeg run for a whole reel: each moment is its own input seeked to its start (so only the
 * moments are decoded), crossfaded to the next, an optional music bed ducked under the source's
 * own sound, loudness normalised to -16 LUFS, scaled or cropped to the chosen size.
 */
export function renderArgs(spec: RenderSpec): string[] {
  const { width, height } = reelSize(spec.quality, spec.aspect);
  const inputs: string[] = [];
  const filters: string[] = [];
  spec.moments.forEach((m, i) => {
    const length = m.end - m.start;
    inputs.push('-ss', fixed(m.start), '-t', fixed(length), '-i', spec.source);
    const frame = spec.aspect === '9:16'
      ? `crop=w='min(iw,ih*9/16)':h=ih:x='(iw-ow)*${(m.cropX ?? 0.5).toFixed(3)}',scale=${width}:${height}`
      : `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2`;
    filters.push(`[${i}:v]fps=${FPS},${frame},setsar=1,format=yuv420p,settb=AVTB[v${i}]`);
    filters.push(spec.hasAudio
      ? `[${i}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,apad,atrim=0:${fixed(length)}[a${i}]`
      : `aevalsrc=0:c=stereo:s=48000:d=${fixed(length)},aformat=sample_fmts=fltp[a${i}]`);
  });

  let video = 'v0';
  let audio = 'a0';
  let elapsed = spec.moments[0].end - spec.moments[0].start;
  for (let i = 1; i < spec.moments.length; i++) {
    const offset = elapsed - spec.crossfade;
    filters.push(`[${video}][v${i}]xfade=transition=fade:duration=${spec.crossfade}:offset=${fixed(offset)}[vx${i}]`);
    filters.push(`[${audio}][a${i}]acrossfade=d=${spec.crossfade}:c1=tri:c2=tri[ax${i}]`);
    video = `vx${i}`;
    audio = `ax${i}`;
    elapsed = offset + (spec.moments[i].end - spec.moments[i].start);
  }

  if (spec.music) {
    const m = spec.moments.length;
    inputs.push('-stream_loop', '-1', '-i', spec.music.source);
    const gain = (MUSIC_LUFS - spec.music.loudness).toFixed(1);
    const fadeStart = Math.max(0, elapsed - 1.5);
    filters.push(`[${audio}]asplit=2[src][key]`);
    filters.push(`[${m}:a]atrim=0:${fixed(elapsed)},aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=${gain}dB,afade=t=out:st=${fixed(fadeStart)}:d=1.5[bed]`);
    filters.push(`[bed][key]sidechaincompress=threshold=0.03:ratio=6:attack=20:release=350[ducked]`);
    filters.push(`[src][ducked]amix=inputs=2:duration=first:normalize=0[mixed]`);
    audio = 'mixed';
  }
  filters.push(`[${audio}]loudnorm=I=-16:TP=-1.5:LRA=11,aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[aout]`);

  const codecs = spec.format === 'avi'
    ? ['-c:v', 'mpeg4', '-q:v', '3', '-c:a', 'libmp3lame', '-b:a', '192k']
    : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '21', '-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart'];
  return [
    '-hide_banner', '-nostdin', '-y', '-v', 'error', '-progress', 'pipe:1', '-nostats',
    ...inputs,
    '-filter_complex', filters.join(';'),
    '-map', `[${video}]`, '-map', '[aout]',
    ...codecs,
    '-t', fixed(elapsed),
    spec.output,
  ];
}
