/**
 * ffmpeg and ffprobe argument lists, built by pure functions so they can be checked without running
 * anything. Only MediaRepository runs them.
 */
import type { CropSegment } from '../analysis/crop-path';
import { type BrandRender, cardSeconds, type CardRender, type LogoRender, logoBox, logoPlacement } from '../brand-kit/brand-render';
import { validRenderPlan } from './render-plan';
import { momentOffsets } from '../speech/reel-time';
import { MUSIC_MIX, musicGainDb, type ReelAspectName } from '@reelsmith/proto/http';

export function probeArgs(input: string): string[] {
  return ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input];
}

/**
 * Stored pixels made square (an anamorphic 704x576 at 16:11 becomes 1024x576), so every later size
 * and crop works on the picture as shown. Costs nothing when the pixels are square already.
 */
const SQUARE_PIXELS = "scale='trunc(iw*sar/2)*2':ih,setsar=1,";

/** One JPEG frame, 640 px wide, from a moment that is rarely black (not the very first frame). */
export function thumbnailArgs(input: string, output: string, atSeconds: number): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-ss',
    atSeconds.toFixed(3),
    '-i',
    input,
    '-frames:v',
    '1',
    '-vf',
    `${SQUARE_PIXELS}scale=640:-2`,
    '-q:v',
    '4',
    output,
  ];
}

/**
 * The editor's filmstrip: `layout.frames` frames spread evenly over the video, letterboxed into
 * width x height and tiled `layout.columns` to a row, as one JPEG. A long video decodes only its
 * keyframes (a filmstrip needs no exact frame, and an hour then takes seconds, not minutes).
 */
export function filmstripArgs(
  input: string,
  output: string,
  durationSeconds: number,
  layout: { frames: number; columns: number; rows: number; width: number; height: number },
): string[] {
  const { frames, columns, rows, width, height } = layout;
  const rate = frames / Math.max(durationSeconds, 0.1);
  const fit = `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black`;
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    ...(durationSeconds > KEYFRAMES_ONLY_FROM ? ['-skip_frame', 'nokey'] : []),
    '-i',
    input,
    '-an',
    '-vf',
    `${SQUARE_PIXELS}fps=${rate.toFixed(6)}:round=down,${fit},tile=${columns}x${rows}`,
    '-frames:v',
    '1',
    '-q:v',
    '5',
    output,
  ];
}

/** Past this length the filmstrip is made from keyframes only. */
const KEYFRAMES_ONLY_FROM = 120;

/** The sound, mono at WAVEFORM_RATE, as raw 16-bit samples on stdout: what the editor's waveform is measured from. */
export function waveformArgs(input: string): string[] {
  return ['-hide_banner', '-nostdin', '-v', 'error', '-i', input, '-vn', '-ac', '1', '-ar', String(WAVEFORM_RATE), '-f', 's16le', 'pipe:1'];
}

export const WAVEFORM_RATE = 8000;

/** The first audio stream at 16 kHz mono, 32-bit float on stdout: what the VAD and the transcribers read. */
export function speechAudioArgs(input: string): string[] {
  return ['-v', 'error', '-nostdin', '-i', input, '-map', '0:a:0', '-vn', '-ac', '1', '-ar', '16000', '-f', 'f32le', 'pipe:1'];
}

/** The long side of a reel's poster at most (a player shows it; the reel keeps its full size). */
export const POSTER_LONG_SIDE = 1280;

/**
 * A reel's poster: one JPEG frame of the rendered reel at `atSeconds` (see `posterTime`), in the
 * reel's own shape (9:16 stays portrait), at most POSTER_LONG_SIDE on its long side, never enlarged.
 */
export function posterArgs(input: string, output: string, atSeconds: number): string[] {
  const box = `scale='min(${POSTER_LONG_SIDE},iw)':'min(${POSTER_LONG_SIDE},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`;
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-ss',
    Math.max(0, atSeconds).toFixed(3),
    '-i',
    input,
    '-map',
    '0:v:0',
    '-frames:v',
    '1',
    '-vf',
    `${SQUARE_PIXELS}${box}`,
    '-q:v',
    '3',
    output,
  ];
}

/**
 * When in the reel its poster is taken: the middle of its best-scored moment (the first of equals),
 * on the reel's clock (each join's crossfade overlaps the moments). Never the first frame, which may
 * be black or mid-fade; within the reel's length when it is known.
 */
export function posterTime(moments: ReadonlyArray<{ start: number; end: number; score?: number }>, crossfade: number, reelSeconds?: number): number {
  if (moments.length === 0) return 0;
  let best = 0;
  moments.forEach((m, i) => {
    if ((m.score ?? 0) > (moments[best].score ?? 0)) best = i;
  });
  const startsAt = moments.slice(0, best).reduce((sum, m) => sum + (m.end - m.start) - crossfade, 0);
  const at = startsAt + (moments[best].end - moments[best].start) / 2;
  const last = reelSeconds !== undefined && reelSeconds > 0 ? Math.max(0, reelSeconds - 0.1) : Infinity;
  return Math.round(Math.max(0, Math.min(at, last)) * 1000) / 1000;
}

/**
 * The quality a picture of this size is, by its short side: a 1280x720 (or 720x1280) reel is 720p,
 * whatever was asked for.
 */
export function qualityOfSize({ width, height }: { width: number; height: number }): string {
  const short = Math.min(width, height);
  return short > 0 ? `${short}p` : '';
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
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-progress',
    'pipe:1',
    '-nostats',
    '-i',
    input,
    '-map',
    '0:v:0',
    ...(hasAudio ? ['-map', '0:a:0'] : []),
    ...scale,
    ...video,
    ...audio,
    '-movflags',
    '+faststart',
    output,
  ];
}

/** A frame-accurate clip from start to end (seconds), re-encoded to H.264/AAC MP4. */
export function trimArgs(input: string, output: string, start: number, end: number, hasAudio: boolean): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-progress',
    'pipe:1',
    '-nostats',
    '-ss',
    start.toFixed(3),
    '-i',
    input,
    '-t',
    (end - start).toFixed(3),
    '-map',
    '0:v:0',
    ...(hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '160k'] : ['-an']),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '20',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    output,
  ];
}

/** Seconds of output written so far, from one block of `-progress` lines; null when the block has none. */
export function progressSeconds(block: string): number | null {
  const match = /out_time_(?:us|ms)=(\d+)/.exec(block);
  return match ? Number(match[1]) / 1e6 : null;
}

/** Up to this many pixels a picture is decoded on one thread for the analysis (720p). */
const SINGLE_THREAD_PIXELS = 1280 * 720;

/** What the analysis decodes: small colour frames and mono PCM whose step sizes line up. */
export const ANALYSIS = { fps: 5, width: 80, height: 45, sampleRate: 12800 } as const;

/**
 * One decode of the whole video into two pipes: RGB 80x45 frames at 5 fps on fd 3 and mono 12.8 kHz
 * s16le on fd 4 (0.2 s = one frame = 2560 samples = five FFT frames of 512). The raw output is
 * constant-rate from 0 (a late first frame is repeated), so frame k shows the time k / 5.
 */
export function analysisArgs(
  input: string,
  hasAudio: boolean,
  faces?: { width: number; height: number },
  picture?: { width: number; height: number },
): string[] {
  const { fps, width, height, sampleRate } = ANALYSIS;
  // With faces: the same decode also gives one larger RGB frame a second on fd 5, in the picture's shown shape.
  const video = faces
    ? [
        '-filter_complex',
        `[0:v:0]split=2[a][b];[a]fps=${fps},scale=${width}:${height}:flags=area,format=rgb24[small];[b]fps=1,scale=${faces.width}:${faces.height}:flags=area,format=rgb24[faces]`,
        '-map',
        '[small]',
        '-f',
        'rawvideo',
        'pipe:3',
        '-map',
        '[faces]',
        '-f',
        'rawvideo',
        'pipe:5',
      ]
    : ['-map', '0:v:0', '-vf', `fps=${fps},scale=${width}:${height}:flags=area,format=rgb24`, '-f', 'rawvideo', 'pipe:3'];
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-progress',
    'pipe:1',
    '-nostats',
    // The analysis needs neither the loop filter's polish nor B-frames (P and I frames are plenty at
    // 5 fps): skipping both makes the decode cheaper than a plain one (0.4x on x264 veryfast footage).
    '-skip_loop_filter',
    'all',
    '-skip_frame',
    'bidir',
    // Pictures up to 720p: one decoding thread. With B-frames skipped, frame threads mostly wait on
    // each other there (0.75x the wall time of the default on 2 cores), and the other core stays free
    // for the face detector; larger pictures keep ffmpeg's threads (1080p: 0.8x with them).
    ...(picture && picture.width * picture.height <= SINGLE_THREAD_PIXELS ? ['-threads', '1'] : []),
    '-i',
    input,
    ...video,
    ...(hasAudio ? ['-map', '0:a:0', '-ac', '1', '-ar', String(sampleRate), '-f', 's16le', 'pipe:4'] : []),
  ];
}

/** The frames the cut refinement decodes: every frame, small, in colour. */
export const WINDOW = { width: 96, height: 54 } as const;

/**
 * Every frame of a few short stretches of the video, in one ffmpeg run: each stretch is its own
 * input, seeked frame-accurately; small RGB frames of all stretches one after another on stdout,
 * and each frame's presentation time (relative to its stretch's start) printed on stderr by the
 * stretch's own showinfo (`showinfo@wN`). Frames are passed through as decoded: no duplicates or
 * drops, so variable frame rates keep their times.
 */
export function windowArgs(input: string, windows: Array<{ start: number; duration: number }>): string[] {
  const { width, height } = WINDOW;
  const inputs = windows.flatMap((w) => ['-skip_loop_filter', 'all', '-ss', Math.max(0, w.start).toFixed(3), '-t', w.duration.toFixed(3), '-i', input]);
  const chains = windows.map((_, i) => `[${i}:v:0]scale=${width}:${height}:flags=area,format=rgb24,showinfo@w${i}[w${i}]`);
  const graph =
    windows.length === 1
      ? chains[0].replace(/\[w0\]$/, '[v]')
      : `${chains.join(';')};${windows.map((_, i) => `[w${i}]`).join('')}concat=n=${windows.length}:v=1:a=0[v]`;
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'info',
    '-nostats',
    ...inputs,
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    '-fps_mode',
    'passthrough',
    '-f',
    'rawvideo',
    'pipe:1',
  ];
}

/** Frame times printed by each window's showinfo, in order, per window. */
export function showinfoTimes(stderr: string, windows: number): number[][] {
  const times: number[][] = Array.from({ length: windows }, () => []);
  for (const m of stderr.matchAll(/\[showinfo@w(\d+) @ [^\]]*\]\s*n:\s*\d+\s+pts:\s*-?\d+\s+pts_time:(-?[\d.e+-]+)/g)) times[Number(m[1])]?.push(Number(m[2]));
  return times;
}

export type ReelQuality = '1080p' | '720p' | '480p';
export type ReelFormat = 'mp4' | 'mov' | 'avi';
export type ReelAspect = ReelAspectName;

export interface RenderSpec {
  source: string;
  hasAudio: boolean;
  /** Seconds of the source, in reel order; `crop` is where a 9:16, 1:1 or 4:5 crop looks, over the moment's time (centred without it). */
  moments: Array<{ start: number; end: number; crop?: CropSegment[] }>;
  quality: ReelQuality;
  format: ReelFormat;
  aspect: ReelAspect;
  crossfade: number;
  /** A music bed: its file and its integrated loudness (LUFS). */
  music?: { source: string; loudness: number };
  /**
   * Stretches of speech in the source (seconds, from the analysis): the music ducks under them. Without
   * them (not measured), the source's whole sound keys a sidechain compressor instead.
   */
  speech?: Array<{ start: number; end: number }>;
  /**
   * The moments' measured level (dBFS, from the analysis): then a fixed gain and a limiter bring the
   * reel to the target, which costs almost nothing. Without it, loudnorm measures as it goes (slower).
   */
  sourceLevel?: number;
  output: string;
  /**
   * The source's picture size as shown (pixel shape and rotation applied) and its pixel shape, when
   * known: lets the render skip resizing.
   */
  sourceSize?: { width: number; height: number; sampleAspect?: number };
  /** Seconds of the source's picture, when known: no moment reaches past it (see validRenderPlan). */
  sourceDuration?: number;
  /** Captions burned in (libass) after the frame is sized: an ASS file on the reel's clock and the fonts it names. */
  captions?: { file: string; fontsDir: string };
  /** The user's brand kit: a logo over the moments, intro and outro cards around them (see brand-kit/brand-render.ts). */
  brand?: BrandRender;
}

/** Target level of reels: -16 LUFS, as streaming platforms and phones expect. */
export const REEL_LOUDNESS = -16;

const HEIGHTS: Record<ReelQuality, number> = { '1080p': 1080, '720p': 720, '480p': 480 };
const FPS = 30;

/**
 * The chosen quality, or the highest one the source can fill without upscaling: the reel's short
 * side no longer than the source's short side as shown (480p at least).
 */
export function qualityFor(chosen: ReelQuality, aspect: ReelAspect, source?: { width: number; height: number }): ReelQuality {
  if (!source || source.width <= 0 || source.height <= 0) return chosen;
  const shortSide = Math.min(source.width, source.height);
  const order: ReelQuality[] = ['1080p', '720p', '480p'];
  for (const quality of order.slice(order.indexOf(chosen))) {
    const size = reelSize(quality, aspect);
    if (Math.min(size.width, size.height) <= shortSide) return quality;
  }
  return '480p';
}

/**
 * The reel's picture size: the quality names its short side (1080p: 1920x1080, 1080x1920,
 * 1080x1080, 1080x1350), the aspect the other (16:9 at 480p is 854 wide, as players expect).
 */
export function reelSize(quality: ReelQuality, aspect: ReelAspect): { width: number; height: number } {
  const short = HEIGHTS[quality];
  const long = short === 480 ? 854 : (short * 16) / 9;
  switch (aspect) {
    case '16:9':
      return { width: long, height: short };
    case '9:16':
      return { width: short, height: long };
    case '1:1':
      return { width: short, height: short };
    case '4:5':
      return { width: short, height: (short * 5) / 4 };
  }
}

/** Width over height of the shapes cut out of a wider picture (16:9 is letterboxed instead). */
const CROPPED_SHAPES: Partial<Record<ReelAspect, string>> = { '9:16': '9/16', '1:1': '1', '4:5': '4/5' };

/** Length of the reel: the moments minus the crossfades between them, plus the brand kit's cards. */
export function reelLength(spec: Pick<RenderSpec, 'moments' | 'crossfade'> & Pick<Partial<RenderSpec>, 'brand'>): number {
  const moments = spec.moments.reduce((sum, m) => sum + (m.end - m.start), 0) - spec.crossfade * Math.max(0, spec.moments.length - 1);
  return moments + cardSeconds(spec.brand);
}

const fixed = (v: number) => v.toFixed(3);

/**
 * Cropping and scaling to the reel's size, each with its trailing comma; nothing when the source
 * already has it (pad copies every frame even when it adds no border), no pad when only the size differs.
 */
function frameFilters(spec: RenderSpec, crop: CropSegment[], { width, height }: { width: number; height: number }): string {
  // Centred where the path looks (a share of the width: the faces' or the action's centre), kept inside the picture.
  const shape = CROPPED_SHAPES[spec.aspect];
  if (shape) return `crop=w='min(iw,ih*${shape})':h='min(ih,iw/(${shape}))':x='max(0,min(iw-ow,iw*(${cropExpression(crop)})-ow/2))',scale=${width}:${height},`;
  const source = spec.sourceSize;
  if (source && source.width === width && source.height === height) return '';
  if (source && source.width * height === source.height * width) return `scale=${width}:${height},`;
  return `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,`;
}

/**
 * A crop path as an ffmpeg expression of the frame's time `t` (where the crop's centre is, 0..1 of the width): each
 * segment holds still or moves linearly, and the crop jumps only where one segment ends.
 */
export function cropExpression(crop: CropSegment[]): string {
  if (crop.length === 0) return '0.500';
  const at = (s: CropSegment) =>
    Math.abs(s.x1 - s.x0) < 0.0005 ? s.x0.toFixed(3) : `(${s.x0.toFixed(3)}+${(s.x1 - s.x0).toFixed(4)}*(t-${fixed(s.from)})/${fixed(s.to - s.from)})`;
  const last = crop.length - 1;
  return crop.slice(0, last).reduceRight((rest, s) => `if(lt(t,${fixed(s.to)}),${at(s)},${rest})`, at(crop[last]));
}

/** Audio is trimmed in samples, so a crossfade's two sides are exactly as long as acrossfade needs. */
const AUDIO_RATE = 48000;
const samples = (seconds: number) => Math.round(seconds * AUDIO_RATE);

/**
 * The moments joined by crossfades that cost only their own frames: each moment is split into
 * head, body and tail; only a tail and the next head are blended (overlay, acrossfade), and every
 * piece, sound and picture together, goes through one concat. The pieces are consumed in reel
 * order, so ffmpeg reads the inputs one after another. (Chaining xfade over whole moments made
 * every frame pass through every crossfade: 1.6x the render time; a separate acrossfade chain for
 * the sound pulled the later inputs in early, and their decoded frames waited in memory: 1.8 GB
 * for a 30 s reel.)
 */
function joinMoments(spec: RenderSpec, filters: string[]): { video: string; audio: string } {
  const n = spec.moments.length;
  if (n === 1) return { video: 'v0', audio: 'a0' };
  const cf = spec.crossfade;
  const pieces: string[] = [];
  spec.moments.forEach((m, i) => {
    const length = m.end - m.start;
    const parts = [...(i > 0 ? ['h'] : []), 'b', ...(i < n - 1 ? ['t'] : [])];
    const bodyStart = i > 0 ? cf : 0;
    const bodyEnd = length - (i < n - 1 ? cf : 0);
    filters.push(`[v${i}]split=${parts.length}${parts.map((p) => `[${p}v${i}]`).join('')}`);
    filters.push(`[a${i}]asplit=${parts.length}${parts.map((p) => `[${p}a${i}]`).join('')}`);
    if (i > 0) {
      filters.push(`[hv${i}]trim=start=0:end=${fixed(cf)},setpts=PTS-STARTPTS[hv${i}o]`);
      filters.push(`[ha${i}]atrim=start_sample=0:end_sample=${samples(cf)},asetpts=PTS-STARTPTS[ha${i}o]`);
    }
    filters.push(`[bv${i}]trim=start=${fixed(bodyStart)}:end=${fixed(bodyEnd)},setpts=PTS-STARTPTS[bv${i}o]`);
    filters.push(`[ba${i}]atrim=start_sample=${samples(bodyStart)}:end_sample=${samples(bodyEnd)},asetpts=PTS-STARTPTS[ba${i}o]`);
    if (i < n - 1) {
      filters.push(`[tv${i}]trim=start=${fixed(length - cf)}:end=${fixed(length)},setpts=PTS-STARTPTS[tv${i}o]`);
      filters.push(`[ta${i}]atrim=start_sample=${samples(length) - samples(cf)}:end_sample=${samples(length)},asetpts=PTS-STARTPTS[ta${i}o]`);
    }
  });
  for (let i = 0; i < n - 1; i++) {
    // The next head fades in over the tail through its alpha: all in 4:2:0. (xfade works in 4:4:4
    // here, and the conversions there and back cost more than the rest of the joins together.)
    filters.push(`[hv${i + 1}o]format=yuva420p,fade=t=in:st=0:d=${cf}:alpha=1[hf${i + 1}]`);
    filters.push(`[tv${i}o][hf${i + 1}]overlay=format=yuv420:eof_action=pass[xv${i}]`);
    filters.push(`[ta${i}o][ha${i + 1}o]acrossfade=d=${cf}:c1=tri:c2=tri[xa${i}]`);
  }
  spec.moments.forEach((_, i) => pieces.push(`[bv${i}o][ba${i}o]`, ...(i < n - 1 ? [`[xv${i}][xa${i}]`] : [])));
  filters.push(`${pieces.join('')}concat=n=${pieces.length}:v=1:a=1[vout][ajoined]`);
  return { video: 'vout', audio: 'ajoined' };
}

/**
 * One ffmpeg run for a whole reel: each moment is its own input seeked to its start (so only the
 * moments are decoded), crossfaded to the next, an optional music bed ducked under the source's
 * own sound, loudness normalised to -16 LUFS, scaled or cropped to the chosen size. The moments
 * and crossfade are first made valid (validRenderPlan): its reelLength is the reel's.
 */
export function renderArgs(requested: RenderSpec): string[] {
  const spec = validRenderPlan(requested);
  const { width, height } = reelSize(spec.quality, spec.aspect);
  const inputs: string[] = [];
  const filters: string[] = [];
  spec.moments.forEach((m, i) => {
    const length = m.end - m.start;
    inputs.push('-ss', fixed(m.start), '-t', fixed(length), '-i', spec.source);
    const frame = frameFilters(spec, m.crop ?? [], { width, height });
    const square = spec.sourceSize?.sampleAspect === 1 ? '' : SQUARE_PIXELS;
    // Both streams are laid on the moment's clock from 0, whatever the seek found: a picture that
    // starts late (after the seek point) is held on its first frame until then, and sound that starts
    // late is padded with silence (first_pts), so they stay in sync and the crop path stays on the
    // picture. Then exactly `length` seconds of frames: a seek lands between frames, so the stream
    // can end a frame short, and a picture can end before the file does; its last frame is held (a
    // short tail starves the crossfade: ffmpeg then waits forever). Sound is counted in samples from
    // 0: silence padded onto a moment with no sound at all (past the end of a shorter sound track)
    // has no timestamps of its own, and the crossfades after it then fail.
    filters.push(
      `[${i}:v]fps=${FPS}:start_time=0,${square}${frame}setsar=1,format=yuv420p,tpad=stop_mode=clone:stop_duration=${fixed(length)},trim=end=${fixed(length)},settb=AVTB[v${i}]`,
    );
    filters.push(
      spec.hasAudio
        ? `[${i}:a]aresample=${AUDIO_RATE}:first_pts=0,aformat=sample_fmts=fltp:channel_layouts=stereo,apad,asetpts=N/SR/TB,atrim=end_sample=${samples(length)}[a${i}]`
        : `anullsrc=r=${AUDIO_RATE}:cl=stereo,atrim=end_sample=${samples(length)},aformat=sample_fmts=fltp[a${i}]`,
    );
  });

  const joined = joinMoments(spec, filters);
  let picture = spec.captions ? burnCaptions(joined.video, spec.captions, filters) : joined.video;
  // The logo's input comes after the moments and the music bed.
  const logoInput = spec.moments.length + (spec.music ? 1 : 0);
  if (spec.brand?.logo) picture = overlayLogo(picture, spec.brand.logo, logoInput, { width, height }, filters);
  const branded = spec.brand
    ? joinCards({ video: picture, audio: joined.audio }, spec.brand, { width, height }, filters)
    : { video: picture, audio: joined.audio };
  const video = branded.video;
  let audio = branded.audio;
  const elapsed = reelLength(spec);
  const introSeconds = spec.brand?.intro?.seconds ?? 0;

  if (spec.music) {
    const m = spec.moments.length;
    inputs.push('-stream_loop', '-1', '-i', spec.music.source);
    const gain = musicGainDb(spec.music.loudness).toFixed(1);
    const { fadeOutSeconds: fade, duck } = MUSIC_MIX;
    const fadeStart = Math.max(0, elapsed - fade);
    const bed = `[${m}:a]atrim=0:${fixed(elapsed)},aresample=${AUDIO_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo,volume=${gain}dB,afade=t=out:st=${fixed(fadeStart)}:d=${fade}`;
    if (spec.speech) {
      // A volume envelope over the reel's phrases: a few multiplications a frame, no second analysis of the sound.
      filters.push(
        `${bed},volume=eval=frame:volume='${speechDuckExpression(speechInReel(spec.moments, spec.crossfade, spec.speech).map((p) => ({ start: p.start + introSeconds, end: p.end + introSeconds })))}'[ducked]`,
      );
      filters.push(`[${audio}][ducked]amix=inputs=2:duration=first:normalize=0[mixed]`);
    } else {
      filters.push(`[${audio}]asplit=2[src][key]`);
      filters.push(`${bed}[bed]`);
      filters.push(`[bed][key]sidechaincompress=threshold=${duck.threshold}:ratio=${duck.ratio}:attack=${duck.attackMs}:release=${duck.releaseMs}[ducked]`);
      filters.push(`[src][ducked]amix=inputs=2:duration=first:normalize=0[mixed]`);
    }
    audio = 'mixed';
  }
  if (spec.brand?.logo) inputs.push('-i', spec.brand.logo.file);
  const normalise =
    spec.sourceLevel !== undefined
      ? `volume=${Math.max(-20, Math.min(20, REEL_LOUDNESS - spec.sourceLevel)).toFixed(1)}dB,alimiter=limit=0.85:level=disabled`
      : `loudnorm=I=${REEL_LOUDNESS}:TP=-1.5:LRA=11`;
  filters.push(`[${audio}]${normalise},aresample=${AUDIO_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo[aout]`);

  const codecs =
    spec.format === 'avi'
      ? ['-c:v', 'mpeg4', '-q:v', '3', '-c:a', 'libmp3lame', '-b:a', '192k']
      : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '21', '-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart'];
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-progress',
    'pipe:1',
    '-nostats',
    ...inputs,
    '-filter_complex',
    filters.join(';'),
    '-map',
    `[${video}]`,
    '-map',
    '[aout]',
    ...codecs,
    '-t',
    fixed(elapsed),
    spec.output,
  ];
}

/**
 * Speech stretches of the source in reel time: each moment's part of each stretch, shifted to where
 * the moment plays in the reel (moments overlap by the crossfade), joined across pauses shorter
 * than MUSIC_MIX.speechDuck.bridgeMs.
 */
export function speechInReel(
  moments: ReadonlyArray<{ start: number; end: number }>,
  crossfade: number,
  speech: ReadonlyArray<{ start: number; end: number }>,
): Array<{ start: number; end: number }> {
  const offsets = momentOffsets(moments, crossfade);
  const spans: Array<{ start: number; end: number }> = [];
  moments.forEach((m, i) => {
    for (const s of speech) {
      const start = Math.max(s.start, m.start);
      const end = Math.min(s.end, m.end);
      if (end > start) spans.push({ start: offsets[i] + start - m.start, end: offsets[i] + end - m.start });
    }
  });
  spans.sort((a, b) => a.start - b.start);
  const bridge = MUSIC_MIX.speechDuck.bridgeMs / 1000;
  const joined: Array<{ start: number; end: number }> = [];
  for (const span of spans) {
    const last = joined[joined.length - 1];
    if (last && span.start - last.end < bridge) last.end = Math.max(last.end, span.end);
    else joined.push({ ...span });
  }
  return joined;
}

/**
 * The music's gain over reel time `t` as an ffmpeg expression: 1 in pauses, down by depthDb under
 * each span, with linear ramps of rampMs that end where the span starts and start where it ends
 * (the first word is already over quiet music).
 */
export function speechDuckExpression(spans: ReadonlyArray<{ start: number; end: number }>): string {
  if (spans.length === 0) return '1';
  const { depthDb, rampMs } = MUSIC_MIX.speechDuck;
  const ramp = rampMs / 1000;
  const floor = 10 ** (-depthDb / 20);
  const terms = spans.map((s) => `clip(min((t-${fixed(s.start - ramp)})/${fixed(ramp)},(${fixed(s.end + ramp)}-t)/${fixed(ramp)}),0,1)`);
  return `1-${(1 - floor).toFixed(4)}*min(1,${terms.join('+')})`;
}

/**
 * The subtitles filter at the end of the picture's chain (on the reel's clock and size, once for
 * the whole reel). Its fonts come from fontsdir, so the look never depends on fontconfig's guesses.
 */
function burnCaptions(video: string, captions: { file: string; fontsDir: string }, filters: string[]): string {
  filters.push(`[${video}]subtitles=filename=${filterPath(captions.file)}:fontsdir=${filterPath(captions.fontsDir)}[vcaptioned]`);
  return 'vcaptioned';
}

/** A path as a filter option value inside a filter graph: escaped for the option, then for the graph. */
export function filterPath(path: string): string {
  const option = path.replace(/[\\':]/g, (c) => `\\${c}`);
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

/**
 * Decodes a source where the moments are, and nothing more (no filters, nothing written): what it
 * prints at error level says whether the file itself is damaged there.
 */
export function decodeCheckArgs(input: string, moments: ReadonlyArray<{ start: number; end: number }>): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    ...moments.flatMap((m) => ['-ss', fixed(m.start), '-t', fixed(m.end - m.start), '-i', input]),
    ...moments.flatMap((_, i) => ['-map', `${i}:v:0`, '-map', `${i}:a?`]),
    '-f',
    'null',
    '-',
  ];
}

/** Filters laying the logo (input `input`) over `video`; the name of the result. */
function overlayLogo(video: string, logo: LogoRender, input: number, frame: { width: number; height: number }, filters: string[]): string {
  const { width, margin } = logoBox(frame, logo.size);
  const { x, y } = logoPlacement(logo.position, margin);
  const fade = logo.opacity < 1 ? `,colorchannelmixer=aa=${logo.opacity.toFixed(3)}` : '';
  filters.push(`[${input}:v]scale=${width}:-2,format=rgba${fade}[logo]`);
  filters.push(`[${video}][logo]overlay=x=${x}:y=${y}:format=yuv420[vlogo]`);
  return 'vlogo';
}

/** 0x-prefixed for ffmpeg's colour options. */
const ffColour = (hex: string) => `0x${hex.replace('#', '')}`;

/**
 * A card's picture and silence, `seconds` long at the reel's size, rate and time base (what concat
 * needs of every piece), its text burned from its ASS file with the shipped fonts.
 */
function cardFilters(name: string, card: CardRender, fontsDir: string, frame: { width: number; height: number }, filters: string[]) {
  const path = filterPath(card.file);
  filters.push(
    `color=c=${ffColour(card.background)}:s=${frame.width}x${frame.height}:r=${FPS}:d=${card.seconds.toFixed(3)},format=yuv420p,subtitles=filename=${path}:fontsdir=${filterPath(fontsDir)},setsar=1,settb=AVTB[v${name}]`,
  );
  filters.push(`anullsrc=r=${AUDIO_RATE}:cl=stereo,atrim=end_sample=${samples(card.seconds)},aformat=sample_fmts=fltp[a${name}]`);
}

/**
 * The moments' picture and sound with the cards joined before and after them (one concat); the
 * picture is the moments' with the logo already on it.
 */
function joinCards(
  joined: { video: string; audio: string },
  brand: BrandRender,
  frame: { width: number; height: number },
  filters: string[],
): { video: string; audio: string } {
  if (!brand.intro && !brand.outro) return joined;
  const pieces: string[] = [];
  if (brand.intro) {
    cardFilters('intro', brand.intro, brand.fontsDir, frame, filters);
    pieces.push('[vintro][aintro]');
  }
  pieces.push(`[${joined.video}][${joined.audio}]`);
  if (brand.outro) {
    cardFilters('outro', brand.outro, brand.fontsDir, frame, filters);
    pieces.push('[voutro][aoutro]');
  }
  filters.push(`${pieces.join('')}concat=n=${pieces.length}:v=1:a=1[vbranded][abranded]`);
  return { video: 'vbranded', audio: 'abranded' };
}
