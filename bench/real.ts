import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { MediaRepository } from '../services/media/src/ffmpeg/media.repository';
import { Analyser } from '../services/media/src/analysis/analyser';
import { bareDecodeSeconds } from './media-files';

/**
 * The engine's cut detection on real camera clips with hand-checked cuts (../shared/media-dev:
 * cuts.csv, and PySceneDetect's answers in reference-cuts.csv), scored by frame number:
 * a hard cut matches within 2 frames, a fade inside its span widened by 2 frames, and `other`
 * rows are don't-care spans. The clips are never copied into the repository; without them this
 * part says so and is skipped.
 */
export const DEFAULT_MEDIA_DEV = resolve(__dirname, '..', '..', 'shared', 'media-dev');
export const TOLERANCE = 2;

export interface Truth {
  type: 'hard_cut' | 'fade' | 'dissolve' | 'other' | string;
  from: number;
  to: number;
}

/** The rows of a CSV text: quoted cells may hold commas, newlines and doubled quotes. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    rows.at(-1)!.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      endCell();
    } else if (!quoted && c === '\n') {
      endCell();
      rows.push([]);
    } else if (c !== '\r') {
      cell += c;
    }
  }
  if (cell) endCell();
  return rows.filter((row) => row.length > 1);
}

/** A CSV text with a header line, as one record per row. */
export function parseCsv(text: string): Array<Record<string, string>> {
  const [header, ...rows] = csvRows(text);
  return rows.map((row) => Object.fromEntries(row.map((v, i) => [header[i], v])));
}

/** The presentation time of every frame in the ffmpeg command-line timeline (what the engine reports). */
export async function frameTimes(file: string): Promise<number[]> {
  const { stderr } = await promisify(execFile)(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-i', file, '-map', '0:v:0', '-vf', 'scale=16:16,showinfo', '-f', 'null', '-'],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  return [...stderr.matchAll(/\bn:\s*(\d+)\s+pts:\s*-?\d+\s+pts_time:(-?[\d.]+)/g)].map((m) => Number(m[2]));
}

export function nearestFrame(times: number[], t: number): number {
  let best = 0;
  for (let i = 1; i < times.length; i++) if (Math.abs(times[i] - t) < Math.abs(times[best] - t)) best = i;
  return best;
}

export interface Score {
  hits: number;
  misses: number;
  falseCuts: number;
  detected: number;
}

/** One-to-one matching of detected frames against the truth; detections in don't-care spans are dropped. */
export function scoreFrames(detected: number[], truth: Truth[]): Score {
  const careless = truth.filter((t) => t.type === 'other');
  const wanted = truth.filter((t) => t.type !== 'other');
  const counted = detected.filter((f) => !careless.some((c) => f >= c.from - TOLERANCE && f <= c.to + TOLERANCE));
  const used = new Set<number>();
  let hits = 0;
  for (const t of wanted) {
    const match = counted.findIndex((f, i) => !used.has(i) && f >= t.from - TOLERANCE && f <= t.to + TOLERANCE);
    if (match >= 0) {
      used.add(match);
      hits++;
    }
  }
  return { hits, misses: wanted.length - hits, falseCuts: counted.length - used.size, detected: counted.length };
}

export const prf = (s: Score) => {
  const precision = s.detected ? s.hits / s.detected : s.hits + s.misses ? 0 : 1;
  const recall = s.hits + s.misses ? s.hits / (s.hits + s.misses) : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
};

const fmt = (n: number, digits = 2) => n.toFixed(digits);
const row = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');

export async function realBench(dir: string): Promise<void> {
  if (!existsSync(join(dir, 'cuts.csv'))) {
    console.log(`\n== Real footage: skipped, no clips at ${dir} (set MEDIA_DEV_DIR or --media-dev=<dir>) ==`);
    return;
  }
  const truthRows = parseCsv(readFileSync(join(dir, 'cuts.csv'), 'utf8'));
  const referenceRows = existsSync(join(dir, 'reference-cuts.csv')) ? parseCsv(readFileSync(join(dir, 'reference-cuts.csv'), 'utf8')) : [];
  const clips = readdirSync(dir)
    .filter((f) => /\.(mp4|mkv|mov|webm|avi|ts|m4v)$/i.test(f))
    .sort();
  const repository = new MediaRepository({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  // As in the worker: the face models are loaded once when it starts, not per video.
  const analyser = new Analyser(repository);
  await analyser.warmFaces();
  console.log(`\n== Real footage: ${clips.length} clips in ${dir}; cuts matched by frame within ${TOLERANCE} frames ==`);
  const widths = [30, 5, 4, 4, 4, 5, 5, 5, 7, 7, 7, 18];
  console.log(row(['clip', 'truth', 'hit', 'miss', 'false', 'P', 'R', 'F1', 'anal s', 'dec s', 'ratio', 'reference h/m/f'], widths));
  const total: Score = { hits: 0, misses: 0, falseCuts: 0, detected: 0 };
  const reference: Score = { hits: 0, misses: 0, falseCuts: 0, detected: 0 };
  let falseOnNoCut = 0;
  let referenceFalseOnNoCut = 0;
  let analysisSum = 0;
  let decodeSum = 0;
  const details: string[] = [];
  for (const clip of clips) {
    const file = join(dir, clip);
    const truth: Truth[] = truthRows
      .filter((r) => r.file === clip)
      .map((r) => ({
        type: r.type,
        from: Number(r.span_start_frame || r.first_frame_of_new_shot),
        to: Number(r.span_end_frame || r.first_frame_of_new_shot),
      }));
    const facts = await repository.probe(file);
    const started = process.hrtime.bigint();
    // The worker knows the video's size from processing: no second probe.
    const analysis = await analyser.analyze(file, { hasAudio: facts.hasAudio, durationSeconds: facts.duration, size: facts });
    const analysisSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    const decodeSeconds = await bareDecodeSeconds(file);
    analysisSum += analysisSeconds;
    decodeSum += decodeSeconds;
    const times = await frameTimes(file);
    const frames = analysis.cuts.map((t) => nearestFrame(times, t));
    const score = scoreFrames(frames, truth);
    const refFrames = referenceRows.filter((r) => r.file === clip).map((r) => Number(r.frame));
    const refScore = scoreFrames(refFrames, truth);
    const noCut = truth.every((t) => t.type === 'other');
    if (noCut) {
      falseOnNoCut += score.falseCuts;
      referenceFalseOnNoCut += refScore.falseCuts;
    }
    for (const key of Object.keys(total) as Array<keyof Score>) {
      total[key] += score[key];
      reference[key] += refScore[key];
    }
    const { precision, recall, f1 } = prf(score);
    const wanted = truth.filter((t) => t.type !== 'other').length;
    console.log(
      row(
        [
          clip,
          String(wanted),
          String(score.hits),
          String(score.misses),
          String(score.falseCuts),
          fmt(precision),
          fmt(recall),
          fmt(f1),
          fmt(analysisSeconds),
          fmt(decodeSeconds),
          fmt(analysisSeconds / decodeSeconds),
          `${refScore.hits}/${refScore.misses}/${refScore.falseCuts}`,
        ],
        widths,
      ),
    );
    details.push(
      `  ${clip}: engine frames [${frames.join(', ')}]; truth [${truth.map((t) => (t.from === t.to ? `${t.from}` : `${t.type} ${t.from}-${t.to}`)).join(', ')}]; reference [${refFrames.join(', ')}]`,
    );
  }
  const e = prf(total);
  const r = prf(reference);
  console.log(details.join('\n'));
  const w2 = [44, 8, 12];
  console.log(row(['total', 'engine', 'PySceneDetect'], w2));
  console.log(row(['precision', fmt(e.precision), fmt(r.precision)], w2));
  console.log(row(['recall', fmt(e.recall), fmt(r.recall)], w2));
  console.log(row([`cut F1 at ${TOLERANCE} frames (goal >= 0.90 and above reference)`, fmt(e.f1), fmt(r.f1)], w2));
  console.log(row(['false cuts on no-cut clips (goal 0)', String(falseOnNoCut), String(referenceFalseOnNoCut)], w2));
  console.log(row([`analysis ${fmt(analysisSum, 1)} s / bare decode ${fmt(decodeSum, 1)} s`, fmt(analysisSum / decodeSum), 'n/a'], w2));
}

export async function main(args: string[]): Promise<void> {
  const dir = args.find((a) => a.startsWith('--media-dev='))?.slice('--media-dev='.length) ?? process.env.MEDIA_DEV_DIR ?? DEFAULT_MEDIA_DEV;
  await realBench(resolve(dir));
}
