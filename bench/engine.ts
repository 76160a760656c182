import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MediaRepository } from '../services/media/src/ffmpeg/media.repository';
import { Analyser } from '../services/media/src/analysis/analyser';
import { plantedVideo, type PlantedVideo, type Segment } from '../test/support/planted';
import { bareDecodeSeconds } from './media-files';

const CACHE = join(__dirname, '..', 'node_modules', '.cache', 'reelsmith-bench');

/**
 * Ten minutes of sport-like 1080p30 footage: calm play in changing scenes (hard cuts), fast pans
 * that are not cuts, six big moments (a crowd roar over fast action) and two speeches followed by
 * applause, at known times.
 */
export function tenMinuteMatch(): PlantedVideo {
  return plantedVideo('ten-minute-match-v3', matchSegments(1), MATCH_OPTIONS);
}

/** An hour of the same (the Pro plan's longest upload): six rounds of the ten-minute plan, their scenes rotated. */
export function hourMatch(): PlantedVideo {
  return plantedVideo('hour-match-v1', matchSegments(6), MATCH_OPTIONS);
}

const MATCH_OPTIONS = { size: '1920x1080', rate: 30, dir: CACHE, preset: 'veryfast' };

function matchSegments(rounds: number): Segment[] {
  mkdirSync(CACHE, { recursive: true });
  const segments: Segment[] = [];
  // Eight planted moments of 3 s: with what a viewer needs around them, they fit one 30 s reel.
  const plan: Array<[Segment['kind'], number]> = [
    ['calm', 40],
    ['action', 3],
    ['calm', 35],
    ['pan', 6],
    ['calm', 30],
    ['speech', 8],
    ['applause', 3],
    ['calm', 45],
    ['action', 3],
    ['calm', 50],
    ['pan', 8],
    ['calm', 40],
    ['action', 3],
    ['calm', 45],
    ['speech', 6],
    ['applause', 3],
    ['calm', 50],
    ['action', 3],
    ['calm', 40],
    ['pan', 6],
    ['calm', 35],
    ['action', 3],
    ['calm', 40],
    ['action', 3],
    ['calm', 50],
    ['calm', 42],
  ];
  for (let round = 0; round < rounds; round++) {
    plan.forEach(([kind, seconds], i) => segments.push({ kind, seconds, scene: ((kind === 'calm' ? i : i + 2) + round) % 5 }));
  }
  if (segments.reduce((sum, s) => sum + s.seconds, 0) !== 600 * rounds) throw new Error('each round of the match must last 10 minutes');
  return segments;
}

/** Share of items matched by the other list within a tolerance. */
function matched(items: number[], against: number[], tolerance: number): number {
  return items.filter((t) => against.some((u) => Math.abs(t - u) <= tolerance)).length;
}

export interface EngineFigures {
  analysisSeconds: number;
  decodeSeconds: number;
  cutPrecision: number;
  cutRecall: number;
  cutF1: number;
}

/** The analyser alone on the local file, beside a bare decode of the same file. */
export async function measureAnalysis(video: PlantedVideo): Promise<EngineFigures> {
  const repository = new MediaRepository({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  // As in the worker: the face models are loaded when it starts, and the video's size is known.
  const analyser = new Analyser(repository);
  await analyser.warmFaces();
  const facts = await repository.probe(video.file);
  const started = process.hrtime.bigint();
  const analysis = await analyser.analyze(video.file, { hasAudio: true, durationSeconds: video.duration, size: facts });
  const analysisSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const decodeSeconds = await bareDecodeSeconds(video.file);
  const truePositives = matched(analysis.cuts, video.cuts, 0.5);
  const cutPrecision = analysis.cuts.length ? truePositives / analysis.cuts.length : 0;
  const cutRecall = video.cuts.length ? matched(video.cuts, analysis.cuts, 0.5) / video.cuts.length : 1;
  const cutF1 = cutPrecision + cutRecall ? (2 * cutPrecision * cutRecall) / (cutPrecision + cutRecall) : 0;
  return { analysisSeconds, decodeSeconds, cutPrecision, cutRecall, cutF1 };
}

/** Planted-event recall (events whose middle a moment covers) and precision (moments on an event). */
export function momentScores(video: PlantedVideo, moments: Array<{ start: number; end: number }>) {
  const covers = (m: { start: number; end: number }, e: { start: number; end: number }) => m.start < e.end && m.end > e.start;
  const recall =
    video.events.filter((e) => moments.some((m) => m.start <= (e.start + e.end) / 2 && m.end >= (e.start + e.end) / 2)).length / video.events.length;
  const precision = moments.filter((m) => video.events.some((e) => covers(m, e))).length / Math.max(1, moments.length);
  return { recall, precision };
}

/** A plain encode of `seconds` of calm footage from 1:00 at the reel's preset and size (the first baseline). */
export async function plainEncodeSeconds(file: string, seconds: number, output: string): Promise<number> {
  return timed([
    '-hide_banner',
    '-v',
    'error',
    '-nostdin',
    '-y',
    '-ss',
    '60',
    '-t',
    String(seconds),
    '-i',
    file,
    '-vf',
    'scale=1920:1080',
    ...PLAIN_CODECS,
    output,
  ]);
}

/**
 * A plain encode of the reel's own moments: each seeked, concatenated, encoded at the reel's preset
 * and size, nothing else. The least any renderer must do for that reel; the calm stretch above is
 * cheaper to encode than the action the reel is made of, so it overstates the renderer's own cost.
 */
export async function plainEncodeOfMoments(
  file: string,
  moments: Array<{ start: number; end: number }>,
  output: string,
  size = { width: 1920, height: 1080 },
): Promise<number> {
  const inputs = moments.flatMap((m) => ['-ss', m.start.toFixed(3), '-t', (m.end - m.start).toFixed(3), '-i', file]);
  // Another shape than the source's is centre-cropped to it first (9:16, 1:1, 4:5 reels).
  const shape = `${size.width}/${size.height}`;
  const frame = size.width * 9 === size.height * 16 ? '' : `crop='min(iw,ih*${shape})':'min(ih,iw/(${shape}))',`;
  const concat = `${moments.map((_, i) => `[${i}:v][${i}:a]`).join('')}concat=n=${moments.length}:v=1:a=1[c][a];[c]${frame}scale=${size.width}:${size.height}[v]`;
  return timed(['-hide_banner', '-v', 'error', '-nostdin', '-y', ...inputs, '-filter_complex', concat, '-map', '[v]', '-map', '[a]', ...PLAIN_CODECS, output]);
}

const PLAIN_CODECS = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '21', '-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart'];

async function timed(args: string[]): Promise<number> {
  const started = process.hrtime.bigint();
  await promisify(execFile)('ffmpeg', args);
  return Number(process.hrtime.bigint() - started) / 1e9;
}
