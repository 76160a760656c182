import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeWhole, writeWhole } from './whole-file';

/** Tiny clips for bulk batches (1-2 s, 160x90, H.264/AAC), each a little different; made once per machine. */
const DIR = join(tmpdir(), 'reelsmith-batch-media-v1');

export function tinyClip(index: number): string {
  mkdirSync(DIR, { recursive: true });
  const file = join(DIR, `clip-${index}.mp4`);
  if (existsSync(file)) return file;
  const seconds = 1 + (index % 2);
  const patterns = ['testsrc2', 'smptebars', 'rgbtestsrc', 'testsrc'];
  makeWhole(file, (tmp) =>
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `${patterns[index % patterns.length]}=size=160x90:rate=15:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${220 + index * 20}:sample_rate=22050:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '32k',
      '-shortest',
      '-movflags',
      '+faststart',
      tmp,
    ]),
  );
  return file;
}

/** Text with a video's name and type: the checks must refuse it. */
export function fakeVideo(): string {
  mkdirSync(DIR, { recursive: true });
  const file = join(DIR, 'meeting-notes.mp4');
  if (!existsSync(file)) writeWhole(file, 'These are meeting notes, not a video.\n'.repeat(40));
  return file;
}

/** The first 40% of a camera-style file whose index (moov) sits at the end: unreadable. */
export function truncatedVideo(): string {
  mkdirSync(DIR, { recursive: true });
  const file = join(DIR, 'cut-short.mp4');
  if (existsSync(file)) return file;
  const whole = join(DIR, 'moov-at-end.mp4');
  if (!existsSync(whole)) {
    makeWhole(whole, (tmp) =>
      execFileSync('ffmpeg', [
        '-hide_banner',
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=160x90:rate=15:duration=2',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        tmp,
      ]),
    );
  }
  const bytes = readFileSync(whole);
  writeWhole(file, bytes.subarray(0, Math.floor(bytes.length * 0.4)));
  return file;
}

/** Zero bytes with a video's name. */
export function emptyVideo(): string {
  mkdirSync(DIR, { recursive: true });
  const file = join(DIR, 'empty.mp4');
  if (!existsSync(file)) writeWhole(file, '');
  return file;
}
