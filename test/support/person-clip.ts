import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The sample picture @vladmandic/human ships: its top strip has single-person photos. */
export const SAMPLES = join(dirname(dirname(require.resolve('@vladmandic/human'))), 'assets', 'samples.jpg');

/**
 * The clip made from it: 1280x720, 25 fps, 8 s, a plain blue-grey background and, near the right
 * edge, the photo of a man in a suit (samples.jpg x 326-536, y 0-156, shown twice as large at
 * x 800-1220, y 160-472). His face's centre, as shares of the clip's width and height, was measured
 * with the detector and checked by eye.
 */
export const PERSON = { seconds: 8, left: 800, right: 1220, top: 160, bottom: 472, faceCenter: { x: 0.81, y: 0.33 } } as const;

/** Makes the clip at `file` (once) and returns its path. */
export function personClip(file: string): string {
  if (existsSync(file)) return file;
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=0x4a5a6a:s=1280x720:r=25:d=${PERSON.seconds}`,
    '-i',
    SAMPLES,
    '-filter_complex',
    `[1:v]crop=210:156:326:0,scale=${PERSON.right - PERSON.left}:${PERSON.bottom - PERSON.top}[p];[0:v][p]overlay=x=${PERSON.left}:y=${PERSON.top},format=yuv420p`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '20',
    file,
  ]);
  return file;
}
