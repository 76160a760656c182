import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeWhole, writeWhole } from './whole-file';

/** Test media made with ffmpeg's lavfi sources, once per machine and kept in a temp folder. */
const DIR = join(tmpdir(), 'reelsmith-test-media-v1');

const video = (size: string, seconds: number, rate = 25) => ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`];
const tone = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`];
const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

const RECIPES: Record<string, string[]> = {
  /** Browser-ready: H.264/AAC MP4 with faststart. */
  'h264-aac.mp4': [...video('640x360', 4), ...tone(4), ...x264, '-c:a', 'aac', '-shortest', '-movflags', '+faststart'],
  /** Needs a proxy: VP9/Opus in WebM. */
  'vp9-opus.webm': [...video('480x270', 3), ...tone(3), '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus', '-shortest'],
  /** Needs a proxy: MPEG-4 Part 2 video in a QuickTime file. */
  'mpeg4.mov': [...video('320x240', 3), ...tone(3), '-c:v', 'mpeg4', '-c:a', 'aac', '-shortest'],
  /** Browser codecs in a container browsers do not play: remuxed, not re-encoded. */
  'h264-aac.mkv': [...video('320x240', 3), ...tone(3), ...x264, '-c:a', 'aac', '-shortest'],
  /** No audio track at all. */
  'silent.mp4': [...video('320x240', 3), ...x264],
  /** A still: the poster of a sample reel. */
  'poster.jpg': [...video('320x180', 1), '-frames:v', '1'],
  /** A phone clip: landscape pixels that players turn by 90 degrees (see rotateQuarterTurn). */
  'phone-rotated.mp4': [...video('640x360', 3), ...tone(3), ...x264, '-c:a', 'aac', '-shortest'],
  /** Long enough (and VP9) that transcoding takes a few seconds: for the killed-worker test. */
  'slow.webm': [
    ...video('1280x720', 30, 30),
    ...tone(30),
    '-c:v',
    'libvpx-vp9',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '2M',
    '-c:a',
    'libopus',
    '-shortest',
  ],
  /** Fault tests and `npm run chaos`: long enough to kill the worker mid-analysis and mid-render. */
  'chaos-40s.mp4': [...video('640x360', 40), ...tone(40), ...x264, '-c:a', 'aac', '-shortest', '-movflags', '+faststart'],
  /** Fault tests and `npm run chaos`: needs a web proxy, so processing takes a few seconds. */
  'chaos-8s.webm': [...video('640x360', 8), ...tone(8), '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus', '-shortest'],
  /** moov at the end, as cameras write it; cut short it loses its index. */
  /** 40 minutes at 32x32 and 1 fps: longer than Rookie takes (30 min), cheap to make and probe. */
  'forty-minutes.mp4': ['-f', 'lavfi', '-i', 'color=c=gray:size=32x32:rate=1:duration=2400', ...x264, '-movflags', '+faststart'],
  'moov-at-end.mp4': [...video('320x240', 3), ...tone(3), ...x264, '-c:a', 'aac', '-shortest'],
};

export type TestMedia = keyof typeof RECIPES | 'not-a-video.mp4' | 'empty.mp4' | 'truncated.mp4';

/** The path of a generated test file (made on first use, whole or not at all: whole-file.ts). */
export function testMedia(name: TestMedia): string {
  mkdirSync(DIR, { recursive: true });
  const file = join(DIR, name);
  if (existsSync(file)) return file;
  if (name === 'not-a-video.mp4') writeWhole(file, 'These are meeting notes, not a video.\n'.repeat(50));
  else if (name === 'empty.mp4') writeWhole(file, '');
  else if (name === 'truncated.mp4') {
    const whole = readFileSync(testMedia('moov-at-end.mp4'));
    writeWhole(file, whole.subarray(0, Math.floor(whole.length * 0.6)));
  } else {
    makeWhole(file, (tmp) => {
      execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...RECIPES[name], tmp]);
      if (name === 'phone-rotated.mp4') rotateQuarterTurn(tmp);
    });
  }
  return file;
}

/**
 * Phones store portrait video as landscape pixels plus a display matrix in the video track header.
 * ffmpeg 5.1 cannot write that matrix, so set it in the first 'tkhd' box (the video track) directly.
 */
function rotateQuarterTurn(path: string): void {
  const data = readFileSync(path);
  const box = data.indexOf('tkhd') - 4;
  if (box < 0 || data[box + 8] !== 0) throw new Error('expected a version 0 tkhd box');
  const matrix = box + 48;
  const values = [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000];
  values.forEach((value, i) => data.writeInt32BE(value, matrix + i * 4));
  writeFileSync(path, data);
}
