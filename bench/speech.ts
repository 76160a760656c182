/**
 * `npm run bench -- --only=speech`: the speech parts of the engine, side by side in one run.
 *
 * - VAD quality: speech-segment F1 at 10 ms frames, against hand marks on four files of
 *   ../shared/speech-dev (bench/speech-marks.json says how they were made; --speech-dev=<dir> or
 *   SPEECH_DEV_DIR reads another copy; skipped when absent) and against the generated toast's known
 *   phrase times (test/support/speech-media.ts), beside the spectral guess it replaced.
 * - Sentence cuts: reels of the toast (presets x targets, with and without music beats): moment edges
 *   inside a spoken phrase, and edges whose crossfade fades a word, with the VAD and without it.
 * - Cost: analysis time over a bare decode of the same file, with and without the VAD, and the
 *   transcription job's on top.
 * - Word error rate and real-time factor (bench/speech-wer.ts, when that file is there).
 *
 * SPEECH_SECTIONS lists the sections in order: another part adds its rows by adding a section.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Analysis } from '../services/media/src/analysis/analysis';
import { Analyser } from '../services/media/src/analysis/analyser';
import { planReel } from '../services/media/src/analysis/reel-plan';
import { type Preset, scoreAnalysis } from '../services/media/src/analysis/scoring';
import { CROSSFADE_SECONDS } from '../services/media/src/analysis/selection';
import { MediaRepository } from '../services/media/src/ffmpeg/media.repository';
import { PocketsphinxTranscriber } from '../services/media/src/speech/pocketsphinx';
import { speechSegmentsOf } from '../services/media/src/speech/segments';
import { VoiceActivity } from '../services/media/src/speech/vad';
import { pcm16k, type SpeechMedia, toastMedia } from '../test/support/speech-media';
import { bareDecodeSeconds } from './media-files';

const run = promisify(execFile);
const DEFAULT_SPEECH_DEV = resolve(__dirname, '../../shared/speech-dev');
const FRAME = 0.01;
const CACHE = join(tmpdir(), 'reelsmith-speech-bench-v1');

type Span = { start: number; end: number };
export interface SpeechSection {
  name: string;
  run: (context: SpeechContext) => Promise<void>;
}
export interface SpeechContext {
  args: string[];
  devDir: string;
  toast: SpeechMedia;
}

const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const row = (cells: Array<string | number>, widths: number[]) => cells.map((c, i) => String(c).padEnd(widths[i] ?? 10)).join('  ');

/** Precision, recall and F1 of `found` against `truth`, counted in 10 ms frames over `duration`. */
export function frameF1(found: Span[], truth: Span[], duration: number): { precision: number; recall: number; f1: number } {
  const frames = Math.ceil(duration / FRAME);
  const mark = (spans: Span[]) => {
    const on = new Uint8Array(frames);
    for (const s of spans) for (let f = Math.max(0, Math.round(s.start / FRAME)); f < Math.min(frames, Math.round(s.end / FRAME)); f++) on[f] = 1;
    return on;
  };
  const a = mark(found);
  const b = mark(truth);
  let both = 0;
  let foundCount = 0;
  let truthCount = 0;
  for (let f = 0; f < frames; f++) {
    both += a[f] & b[f];
    foundCount += a[f];
    truthCount += b[f];
  }
  const precision = foundCount ? both / foundCount : truthCount ? 0 : 1;
  const recall = truthCount ? both / truthCount : 1;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

/** Seconds flagged speech by the spectral guess (the analysis without VAD segments), as spans. */
function guessedSpeech(analysis: Analysis): Span[] {
  const raw = scoreAnalysis({ ...analysis, speech: undefined }, 'wedding').speechRaw;
  return raw.flatMap((v, s) => (v > 0 ? [{ start: s, end: s + 1 }] : []));
}

async function analyse(file: string, duration: number, speech = true): Promise<{ analysis: Analysis; seconds: number }> {
  const media = new MediaRepository({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  const analyser = new Analyser(media);
  const facts = await media.probe(file);
  const started = process.hrtime.bigint();
  const analysis = await analyser.analyze(file, { hasAudio: true, durationSeconds: duration, size: facts, speech });
  return { analysis, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

const vadQuality: SpeechSection = {
  name: 'VAD quality (speech-segment F1 at 10 ms frames)',
  async run({ devDir, toast }) {
    const widths = [52, 9, 7, 7, 7];
    console.log(row(['file (marks)', 'detector', 'P', 'R', 'F1'], widths));
    const vad = new VoiceActivity();
    const marks = JSON.parse(readFileSync(join(__dirname, 'speech-marks.json'), 'utf8')) as { files: Record<string, Array<[number, number]>> };
    const all = { vad: [] as number[] };
    if (existsSync(devDir)) {
      for (const [file, spans] of Object.entries(marks.files)) {
        const samples = pcm16k(join(devDir, file));
        const truth = spans.map(([start, end]) => ({ start, end }));
        const score = frameF1(await vad.detect(samples), truth, samples.length / 16_000);
        all.vad.push(score.f1);
        console.log(row([file, 'Silero', fmt(score.precision), fmt(score.recall), fmt(score.f1)], widths));
      }
      const mean = all.vad.reduce((a, b) => a + b, 0) / all.vad.length;
      console.log(row(['mean of the hand-marked files', 'Silero', '', '', fmt(mean)], widths));
    } else console.log(`(hand-marked files skipped: ${devDir} not found)`);
    const direct = frameF1(await vad.detect(pcm16k(toast.wav)), toast.phrases, toast.duration);
    console.log(row(['generated toast, 16 kHz (known phrase times)', 'Silero', fmt(direct.precision), fmt(direct.recall), fmt(direct.f1)], widths));
    const { analysis } = await analyse(toast.video, toast.duration);
    const inAnalysis = frameF1(analysis.speech ?? [], toast.phrases, toast.duration);
    console.log(
      row(['generated toast, through the analysis (12.8 kHz tap)', 'Silero', fmt(inAnalysis.precision), fmt(inAnalysis.recall), fmt(inAnalysis.f1)], widths),
    );
    const guess = frameF1(guessedSpeech(analysis), toast.phrases, toast.duration);
    console.log(row(['generated toast, the spectral guess it replaced', 'spectral', fmt(guess.precision), fmt(guess.recall), fmt(guess.f1)], widths));
  },
};

/** Edges of moments inside a phrase, and edges whose crossfade fades a word (0.03 s tolerance). */
function phraseCuts(moments: Span[], phrases: Span[]): { inside: number; faded: number } {
  const within = (t: number) => phrases.some((p) => t > p.start + 0.03 && t < p.end - 0.03);
  const fadesIn = (t: number) => phrases.some((p) => p.start < t + CROSSFADE_SECONDS - 0.03 && p.end > t + 0.03);
  const fadesOut = (t: number) => phrases.some((p) => p.start < t - 0.03 && p.end > t - CROSSFADE_SECONDS + 0.03);
  let inside = 0;
  let faded = 0;
  moments.forEach((m, i) => {
    inside += Number(within(m.start)) + Number(within(m.end));
    // Only edges with a crossfade: not the reel's first start nor its last end.
    if (i > 0 && !within(m.start) && fadesIn(m.start)) faded++;
    if (i < moments.length - 1 && !within(m.end) && fadesOut(m.end)) faded++;
  });
  return { inside, faded };
}

const sentenceCuts: SpeechSection = {
  name: 'Sentence cuts (reels of the generated toast: edges inside a phrase / edges whose crossfade fades a word; goal 0)',
  async run({ toast }) {
    const { analysis } = await analyse(toast.video, toast.duration);
    const without = { ...analysis, speech: undefined };
    const widths = [30, 9, 18, 18];
    console.log(row(['reel', 'moments', 'before (no VAD)', 'after (VAD)'], widths));
    const beats = Array.from({ length: 200 }, (_, i) => i * 0.5);
    const totals = { before: 0, after: 0 };
    for (const preset of ['wedding', 'business', 'auto'] as Preset[]) {
      for (const target of [15, 30]) {
        for (const withBeats of [false, true]) {
          const plan = (a: Analysis) => planReel(a, { preset, target, beats: withBeats ? beats : undefined }).moments;
          const before = phraseCuts(plan(without), toast.phrases);
          const after = plan(analysis);
          const cut = phraseCuts(after, toast.phrases);
          totals.before += before.inside;
          totals.after += cut.inside;
          console.log(
            row(
              [`${preset} ${target} s${withBeats ? ' + beats' : ''}`, after.length, `${before.inside} / ${before.faded}`, `${cut.inside} / ${cut.faded}`],
              widths,
            ),
          );
        }
      }
    }
    console.log(row(['all edges inside a phrase', '', totals.before, totals.after], widths));
  },
};

/** The toast looped to about five minutes at 640x360: long enough that the decode, not start-up, is timed. */
async function longToast(toast: SpeechMedia): Promise<{ file: string; duration: number }> {
  mkdirSync(CACHE, { recursive: true });
  const file = join(CACHE, 'toast-x8-640x360.mp4');
  const loops = 8;
  if (!existsSync(file)) {
    await run('ffmpeg', [
      ...['-hide_banner', '-v', 'error', '-y', '-stream_loop', String(loops - 1), '-i', toast.wav, '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=30`],
      ...['-map', '1:v', '-map', '0:a', '-shortest', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-ar', '48000', file],
    ]);
  }
  return { file, duration: toast.duration * loops };
}

const cost: SpeechSection = {
  name: 'Cost (analysis over a bare decode of the same file; medians of 3, interleaved)',
  async run({ toast }) {
    const { file, duration } = await longToast(toast);
    // Warm: the face models and the VAD model load once per process, as in the worker.
    await analyse(toast.video, toast.duration);
    const times = { decode: [] as number[], without: [] as number[], with: [] as number[] };
    for (let i = 0; i < 3; i++) {
      times.decode.push(await bareDecodeSeconds(file));
      times.without.push((await analyse(file, duration, false)).seconds);
      times.with.push((await analyse(file, duration, true)).seconds);
    }
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
    const decode = median(times.decode);
    const widths = [46, 10, 8];
    console.log(`file: the toast looped to ${fmt(duration / 60, 1)} min, 640x360 30 fps H.264 + AAC 48 kHz`);
    console.log(row(['', 'seconds', 'ratio'], widths));
    console.log(row(['bare decode (ffmpeg -f null)', fmt(decode), '1.00'], widths));
    console.log(row(['analysis without VAD', fmt(median(times.without)), fmt(median(times.without) / decode)], widths));
    console.log(row(['analysis with VAD', fmt(median(times.with)), fmt(median(times.with) / decode)], widths));
    console.log(row(['VAD alone (16 kHz, whole file, one thread)', fmt(await vadSeconds(file)), ''], widths));
    const transcription = await transcriptionSeconds(file);
    console.log(row(['transcription job (decode, VAD, PocketSphinx)', fmt(transcription), fmt(transcription / decode)], widths));
    console.log(
      row(['analysis with VAD + transcription', fmt(median(times.with) + transcription), fmt((median(times.with) + transcription) / decode)], widths),
    );
  },
};

/** What job.media.transcribe spends on the file: 16 kHz decode, speech segments, the tuned PocketSphinx on them. */
async function transcriptionSeconds(file: string): Promise<number> {
  const started = process.hrtime.bigint();
  const samples = pcm16k(file);
  await new PocketsphinxTranscriber().transcribe(samples, await speechSegmentsOf(samples), 'en');
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function vadSeconds(file: string): Promise<number> {
  const samples = pcm16k(file);
  const started = process.hrtime.bigint();
  await new VoiceActivity().detect(samples);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Word error rates, from the transcripts part (bench/speech-wer.ts), when it is there. */
const wordErrors: SpeechSection = {
  name: 'Word error rate and real-time factor (../shared/speech-dev)',
  async run({ devDir }) {
    const module = join(__dirname, 'speech-wer.ts');
    if (!existsSync(module)) return console.log('(bench/speech-wer.ts is not in this tree)');
    const wer = (await import(module)) as {
      speechWerRows: (o: { dir?: string }) => Promise<unknown[]>;
      printSpeechWer: (rows: unknown[]) => void;
    };
    wer.printSpeechWer(await wer.speechWerRows({ dir: devDir }));
  },
};

export const SPEECH_SECTIONS: SpeechSection[] = [wordErrors, vadQuality, sentenceCuts, cost];

export async function speechBench(args: string[]): Promise<void> {
  const devDir = args.find((a) => a.startsWith('--speech-dev='))?.slice('--speech-dev='.length) ?? process.env.SPEECH_DEV_DIR ?? DEFAULT_SPEECH_DEV;
  const context: SpeechContext = { args, devDir, toast: toastMedia() };
  const only = args.find((a) => a.startsWith('--section='))?.slice('--section='.length);
  for (const section of SPEECH_SECTIONS) {
    if (only && !section.name.toLowerCase().startsWith(only.toLowerCase())) continue;
    console.log(`\n== ${section.name} ==`);
    await section.run(context);
  }
}
