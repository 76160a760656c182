import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Bench media, made once with ffmpeg and kept in node_modules/.cache (they are large). */
const DIR = join(__dirname, '..', 'node_modules', '.cache', 'reelsmith-bench');

function make(name: string, args: string[]): string {
  mkdirSync(DIR, { recursive: true });
  const file = join(DIR, name);
  if (existsSync(file)) return file;
  const tmp = `${file}.tmp${name.slice(name.lastIndexOf('.'))}`;
  execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args, tmp], { stdio: 'inherit' });
  renameSync(tmp, file);
  return file;
}

const source1080 = (seconds: number) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=1920x1080:rate=30:duration=${seconds}`,
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=330:sample_rate=48000:duration=${seconds}`,
];

/** 10 s of 1080p30 H.264/AAC at about 5.5 Mbit/s (the bitrate of INFRA-NOTES' decode figures). */
function base10s(): string {
  return make('base-1080p30-10s.mp4', [
    ...source1080(10),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-b:v',
    '5500k',
    '-maxrate',
    '5500k',
    '-bufsize',
    '11M',
    '-g',
    '60',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
  ]);
}

/** A 10-minute 1080p30 H.264/AAC MP4: the 10 s clip looped, streams copied. */
export function tenMinutes1080p(): string {
  return make('ten-minutes-1080p30.mp4', ['-stream_loop', '59', '-i', base10s(), '-c', 'copy', '-movflags', '+faststart']);
}

/** The same 10 minutes in Matroska: browsers need MP4, so the worker remuxes it. */
export function tenMinutes1080pMkv(): string {
  return make('ten-minutes-1080p30.mkv', ['-i', tenMinutes1080p(), '-c', 'copy']);
}

/** 30 s of 1080p30 MPEG-4 Part 2: nothing to copy, the worker re-encodes every frame. */
export function thirtySecondsMpeg4(): string {
  return make('thirty-seconds-1080p30-mpeg4.avi', [...source1080(30), '-c:v', 'mpeg4', '-q:v', '4', '-c:a', 'mp3', '-shortest']);
}

/** Just under 2 GB of valid H.264/AAC MP4 (the 10 s clip looped), the largest upload allowed. */
export function twoGigabytes(): { file: string; bytes: number } {
  const file = make('two-gigabytes.mp4', ['-stream_loop', '-1', '-i', base10s(), '-c', 'copy', '-fs', '1990000000']);
  return { file, bytes: statSync(file).size };
}

/** Seconds ffmpeg takes just to decode every frame and sample, with nothing written. */
export async function bareDecodeSeconds(file: string): Promise<number> {
  const started = process.hrtime.bigint();
  // Async, so the bench's own HTTP connections stay serviced while ffmpeg runs.
  await promisify(execFile)('ffmpeg', ['-hide_banner', '-v', 'error', '-nostdin', '-i', file, '-f', 'null', '-']);
  return Number(process.hrtime.bigint() - started) / 1e9;
}
