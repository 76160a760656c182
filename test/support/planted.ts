import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeWhole } from './whole-file';

/**
 * Footage with highlights planted at known times, made with ffmpeg's lavfi sources:
 * calm scenes (a still picture, quiet room tone), action (a Game-of-Life frenzy with a loud
 * crowd-like roar), speech-like sound followed by applause, hard cuts between scenes, and fast
 * pans (a scrolling pattern) that change every frame but are not cuts.
 */
export type SegmentKind = 'calm' | 'action' | 'speech' | 'applause' | 'pan';

export interface Segment {
  kind: SegmentKind;
  seconds: number;
  scene: number;
}

export interface PlantedVideo {
  file: string;
  duration: number;
  /** Where the planted highlights are (action and applause). */
  events: Array<{ start: number; end: number; kind: SegmentKind }>;
  /** Every hard cut (a change of scene), in seconds. */
  cuts: number[];
}

const SCENES = ['0x2d4a3e', '0x4a3b2d', '0x2d3b4a', '0x45452d', '0x3b2d4a'];

function videoSource(segment: Segment, size: string, rate: number): string {
  const d = `d=${segment.seconds}`;
  switch (segment.kind) {
    case 'action':
      return `life=s=48x27:r=${rate}:ratio=0.45:mold=10:life_color=#f0f0f0:death_color=#202020,scale=${size}:flags=neighbor,trim=duration=${segment.seconds}`;
    case 'pan':
      return `testsrc2=s=${size}:r=${rate}:${d},scroll=h=0.03`;
    default:
      return `color=c=${SCENES[segment.scene % SCENES.length]}:s=${size}:r=${rate}:${d},drawbox=x=iw/3:y=ih/3:w=iw/4:h=ih/4:color=0xdddddd:t=fill`;
  }
}

function audioSource(segment: Segment): string {
  const d = segment.seconds;
  switch (segment.kind) {
    case 'action':
      return `anoisesrc=c=pink:a=0.5:d=${d}`;
    case 'applause':
      return `anoisesrc=c=white:a=0.35:d=${d},highpass=f=600`;
    case 'speech':
      // A voiced, syllable-paced sound: a buzz at 140 Hz through two formants, 4 syllables a second.
      return `aevalsrc='0.4*sin(2*PI*140*t)*(0.6+0.4*sin(2*PI*4*t))*gt(sin(2*PI*4*t)\\,-0.3)':s=48000:d=${d},bandpass=f=700:w=600,volume=4`;
    default:
      return `anoisesrc=c=brown:a=0.01:d=${d}`;
  }
}

/** What the camera shows: speech and applause happen in front of the same still scene as calm play. */
const picture = (segment: Segment) => (segment.kind === 'action' || segment.kind === 'pan' ? `${segment.kind}${segment.scene}` : `scene${segment.scene}`);

export interface PlantedOptions {
  size?: string;
  rate?: number;
  /** Where the file is kept between runs. */
  dir?: string;
  /** x264 preset: ultrafast for quick test clips; veryfast for camera-like streams (B-frames, deblocking). */
  preset?: string;
}

/** Renders the segments to an H.264/AAC MP4 (cached under its name in `dir`). */
export function plantedVideo(name: string, segments: Segment[], options: PlantedOptions = {}): PlantedVideo {
  const { size = '640x360', rate = 30, dir = join(tmpdir(), 'reelsmith-planted-v2'), preset = 'ultrafast' } = options;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.mp4`);
  const inputs: string[] = [];
  const labels: string[] = [];
  segments.forEach((segment, i) => {
    inputs.push('-f', 'lavfi', '-i', videoSource(segment, size, rate), '-f', 'lavfi', '-i', audioSource(segment));
    labels.push(`[${2 * i}:v]setsar=1,format=yuv420p[v${i}];[${2 * i + 1}:a]aresample=48000,aformat=channel_layouts=mono[a${i}]`);
  });
  const concat = segments.map((_, i) => `[v${i}][a${i}]`).join('') + `concat=n=${segments.length}:v=1:a=1[v][a]`;
  if (!existsSync(file)) {
    makeWhole(file, (tmp) =>
      execFileSync('ffmpeg', [
        '-hide_banner',
        '-v',
        'error',
        '-y',
        ...inputs,
        '-filter_complex',
        `${labels.join(';')};${concat}`,
        '-map',
        '[v]',
        '-map',
        '[a]',
        '-c:v',
        'libx264',
        '-preset',
        preset,
        '-g',
        '60',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-movflags',
        '+faststart',
        tmp,
      ]),
    );
  }
  const events: PlantedVideo['events'] = [];
  const cuts: number[] = [];
  let t = 0;
  segments.forEach((segment, i) => {
    if (segment.kind === 'action' || segment.kind === 'applause') events.push({ start: t, end: t + segment.seconds, kind: segment.kind });
    if (i > 0 && picture(segments[i - 1]) !== picture(segment)) cuts.push(t);
    t += segment.seconds;
  });
  return { file, duration: t, events, cuts };
}

/** A 40-second sport-like clip: calm play, one big moment, a fast pan, a hard cut. */
export function shortPlantedClip(): PlantedVideo {
  return plantedVideo('short-sport', [
    { kind: 'calm', seconds: 10, scene: 0 },
    { kind: 'action', seconds: 4, scene: 1 },
    { kind: 'calm', seconds: 8, scene: 0 },
    { kind: 'pan', seconds: 6, scene: 2 },
    { kind: 'calm', seconds: 12, scene: 3 },
  ]);
}
