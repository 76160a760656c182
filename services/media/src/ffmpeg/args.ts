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
