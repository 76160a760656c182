import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeWhole } from './whole-file';

/** The colours of the segments, in order, as ffmpeg names them and as RGB. */
export const SEGMENT_COLOURS: Array<{ name: string; rgb: [number, number, number] }> = [
  { name: 'red', rgb: [255, 0, 0] },
  { name: 'lime', rgb: [0, 255, 0] },
  { name: 'blue', rgb: [0, 0, 255] },
  { name: 'yellow', rgb: [255, 255, 0] },
  { name: 'cyan', rgb: [0, 255, 255] },
  { name: 'magenta', rgb: [255, 0, 255] },
  { name: 'white', rgb: [255, 255, 255] },
  { name: 'gray', rgb: [128, 128, 128] },
];

/**
 * Footage of plain colour segments (SEGMENT_COLOURS, `seconds` each) at 29.97 frames a second
 * (30000/1001), H.264/AAC with a tone, made once per machine: where a timeline's cuts are shows in
 * the colour of each frame of what it renders.
 */
export function colourSegmentsClip(seconds = 2, size = '320x180'): { file: string; segmentSeconds: number; duration: number } {
  const dir = join(tmpdir(), 'reelsmith-test-media-v1');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `colour-segments-${seconds}s-${size}.mp4`);
  const duration = seconds * SEGMENT_COLOURS.length;
  if (!existsSync(file)) {
    makeWhole(file, (tmp) => {
      const inputs = SEGMENT_COLOURS.flatMap((c) => ['-f', 'lavfi', '-i', `color=c=${c.name}:s=${size}:r=30000/1001:d=${seconds}`]);
      const joined = `${SEGMENT_COLOURS.map((_, i) => `[${i}:v]`).join('')}concat=n=${SEGMENT_COLOURS.length}:v=1:a=0[v]`;
      execFileSync('ffmpeg', [
        ...['-v', 'error', '-y', ...inputs, '-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=48000:duration=${duration}`],
        ...['-filter_complex', joined, '-map', '[v]', '-map', `${SEGMENT_COLOURS.length}:a`],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', '-f', 'mp4', tmp],
      ]);
    });
  }
  return { file, segmentSeconds: seconds, duration };
}

/** The colour (an index into SEGMENT_COLOURS) of every frame of a video: each frame averaged to one pixel, the nearest colour. */
export function frameColours(file: string): number[] {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-an', '-vf', 'scale=1:1:flags=area', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const colours: number[] = [];
  for (let i = 0; i + 2 < raw.length; i += 3) {
    const pixel = [raw[i], raw[i + 1], raw[i + 2]];
    let best = 0;
    let bestDistance = Infinity;
    SEGMENT_COLOURS.forEach((c, k) => {
      const distance = c.rgb.reduce((sum, v, j) => sum + (v - pixel[j]) ** 2, 0);
      if (distance < bestDistance) [best, bestDistance] = [k, distance];
    });
    colours.push(best);
  }
  return colours;
}
