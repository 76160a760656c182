/**
 * Word error rate and real-time factor of the speech recognisers on the real recorded English in
 * ../shared/speech-dev (never copied into the repository). `node bench/run.cjs speech-wer.ts` runs it
 * alone (--only=pocketsphinx or --only=whisper; --clips=N the first N clips; --dev=<dir> another set); the speech bench calls
 * speechWerRows.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { SpeechSegment, TranscriptWord } from '@reelsmith/proto/http';
import { normalisedPcm } from '../services/media/src/speech/audio';
import { POCKETSPHINX_MODEL_DIR, PocketsphinxTranscriber, TUNED_POCKETSPHINX, type PocketsphinxSettings } from '../services/media/src/speech/pocketsphinx';
import { SPEECH_SAMPLE_RATE, type Transcriber } from '../services/media/src/speech/transcriber';
import { speechSegmentsOf } from '../services/media/src/speech/segments';
import { WhisperTranscriber } from '../services/media/src/speech/whisper';
import { parseCsv } from './real';

export const DEFAULT_SPEECH_DEV = resolve(__dirname, '../../shared/speech-dev');
const TEST_MODEL = resolve(__dirname, '../services/media/test/fixtures/whisper/for-tests-ggml-tiny.en.bin');

export interface SpeechWerRow {
  engine: string;
  settings: string;
  wer: number;
  /** CPU seconds (this process and its children) per second of audio. */
  rtf: number;
}

interface DevClip {
  file: string;
  reference: string;
  audio: Float32Array;
}

// --- Scoring, as ../shared/speech-dev/README.md says ---

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

export function numberWords(n: number): string {
  if (n < 20) return ONES[n];
  if (n < 100) return TENS[Math.floor(n / 10)] + (n % 10 ? ` ${ONES[n % 10]}` : '');
  for (const [size, name] of [
    [1e9, 'billion'],
    [1e6, 'million'],
    [1e3, 'thousand'],
    [100, 'hundred'],
  ] as const) {
    if (n >= size) return `${numberWords(Math.floor(n / size))} ${name}` + (n % size ? ` ${numberWords(n % size)}` : '');
  }
  return String(n);
}

export function normaliseForWer(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[-\u2010-\u2015/:]/g, ' ')
    .replace(
      /\d+(\.\d+)?/g,
      (digits) =>
        ` ${digits
          .split('.')
          .map((part) =>
            part.length > 12
              ? part
                  .split('')
                  .map((d) => ONES[+d])
                  .join(' ')
              : numberWords(Number(part)),
          )
          .join(' point ')} `,
    )
    .replace(/[^\p{L}\p{N}\s']/gu, '')
    .replace(/(^|\s)'+|'+(?=\s|$)/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Word edits (substitutions, insertions, deletions) from reference to hypothesis. */
export function wordEdits(reference: string[], hypothesis: string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const row = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[hypothesis.length];
}

// --- The set ---

/** 16 kHz mono float samples of any file ffmpeg reads (the headerless .raw is 16 kHz mono s16le). */
function decode16k(file: string): Float32Array {
  const input = file.endsWith('.raw') ? ['-f', 's16le', '-ar', '16000', '-ac', '1', '-i', file] : ['-i', file];
  const out = execFileSync('ffmpeg', ['-v', 'error', ...input, '-ac', '1', '-ar', String(SPEECH_SAMPLE_RATE), '-f', 'f32le', '-'], { maxBuffer: 1 << 30 });
  return new Float32Array(out.buffer, out.byteOffset, out.byteLength / 4).slice();
}

export function loadSpeechDev(dir = DEFAULT_SPEECH_DEV): DevClip[] {
  const rows = parseCsv(readFileSync(join(dir, 'transcripts.csv'), 'utf8'));
  return rows.filter((r) => r.file).map((r) => ({ file: r.file, reference: r.transcript, audio: decode16k(join(dir, r.file)) }));
}

// --- Measuring ---

/** CPU seconds used so far by this process and the children it waited for (pocketsphinx). */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const children = (Number(fields[13]) + Number(fields[14])) / 100;
  return (own.user + own.system) / 1e6 + children;
}

export type SegmentsOf = (audio: Float32Array) => Promise<SpeechSegment[]> | SpeechSegment[];

/** The whole clip as one segment, level-normalised as a whole: how the README's baseline was taken. */
export const wholeClip: SegmentsOf = (audio) => [{ start: 0, end: audio.length / SPEECH_SAMPLE_RATE }];

export async function measureEngine(
  clips: DevClip[],
  transcriber: Transcriber,
  segmentsOf: SegmentsOf,
  onClip?: (clip: DevClip, words: TranscriptWord[], edits: number) => void,
): Promise<{ wer: number; rtf: number }> {
  let edits = 0;
  let words = 0;
  let audioSeconds = 0;
  let cpu = 0;
  for (const clip of clips) {
    const started = cpuSeconds();
    const segments = await segmentsOf(clip.audio);
    const hypothesis = await transcriber.transcribe(clip.audio, segments, 'en');
    cpu += cpuSeconds() - started;
    const reference = normaliseForWer(clip.reference);
    const clipEdits = wordEdits(reference, normaliseForWer(hypothesis.map((w) => w.text).join(' ')));
    onClip?.(clip, hypothesis, clipEdits);
    edits += clipEdits;
    words += reference.length;
    audioSeconds += clip.audio.length / SPEECH_SAMPLE_RATE;
  }
  return { wer: edits / words, rtf: cpu / audioSeconds };
}

/**
 * Debian's pocketsphinx as it comes, as ../shared/speech-dev/README.md measured it: pocketsphinx_continuous
 * with its default settings on each whole clip, peak-normalised, 16 kHz.
 */
export const untunedPocketsphinx: Transcriber = {
  engine: 'pocketsphinx',
  quality: 'draft',
  languages: ['en'],
  async transcribe(audio) {
    const dir = mkdtempSync(join(tmpdir(), 'reelsmith-ps-baseline-'));
    try {
      const file = join(dir, 'clip.raw');
      const pcm = normalisedPcm(audio, { start: 0, end: audio.length / SPEECH_SAMPLE_RATE });
      writeFileSync(file, Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength));
      const model = (name: string) => join(POCKETSPHINX_MODEL_DIR, name);
      const args = ['-infile', file, '-hmm', model('en-us'), '-lm', model('en-us.lm.bin'), '-dict', model('cmudict-en-us.dict'), '-logfn', '/dev/null'];
      const text = execFileSync('pocketsphinx_continuous', args, { encoding: 'utf8' });
      return text
        .split(/\s+/)
        .filter(Boolean)
        .map((word) => ({ text: word, start: 0, end: 0 }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

const describe = (settings: PocketsphinxSettings) =>
  [`pad ${settings.pad}s`, ...Object.entries(settings.decoder).map(([k, v]) => `${k} ${v}`)].join(' ') || 'defaults';

export async function speechWerRows(options: { dir?: string; whisper?: boolean; clips?: number; pocketsphinx?: boolean } = {}): Promise<SpeechWerRow[]> {
  const clips = loadSpeechDev(options.dir).slice(0, options.clips);
  const rows: SpeechWerRow[] = [];
  if (options.pocketsphinx !== false) rows.push(...(await pocketsphinxRows(clips)));
  if (options.whisper !== false && existsSync(TEST_MODEL)) rows.push(await whisperRow(clips));
  return rows;
}

async function pocketsphinxRows(clips: DevClip[]): Promise<SpeechWerRow[]> {
  const rows: SpeechWerRow[] = [];
  const baseline = await measureEngine(clips, untunedPocketsphinx, wholeClip);
  rows.push({ engine: 'pocketsphinx (untuned)', settings: 'pocketsphinx_continuous, Debian defaults, whole clip peak-normalised', ...baseline });
  const tuned = await measureEngine(clips, new PocketsphinxTranscriber(TUNED_POCKETSPHINX), speechSegmentsOf);
  rows.push({ engine: 'pocketsphinx (tuned)', settings: `VAD segments, ${describe(TUNED_POCKETSPHINX)}`, ...tuned });
  return rows;
}

/** whisper.cpp's weight-free test model: it proves the path and costs a real window per call, and recognises nothing. */
async function whisperRow(clips: DevClip[]): Promise<SpeechWerRow> {
  const engine = 'whisper (test model)';
  const whisper = await WhisperTranscriber.load(TEST_MODEL).catch((err: Error) => err);
  if (whisper instanceof Error) return { engine, settings: `not loadable: ${whisper.message}`, wer: NaN, rtf: NaN };
  try {
    return { engine, settings: 'for-tests-ggml-tiny.en (weight-free), 2 threads', ...(await measureEngine(clips, whisper, speechSegmentsOf)) };
  } finally {
    await whisper.release();
  }
}

export function printSpeechWer(rows: SpeechWerRow[]): void {
  console.log(`${'engine'.padEnd(24)}  ${'WER'.padStart(5)}  ${'RTF'.padStart(5)}  settings`);
  for (const row of rows) console.log(`${row.engine.padEnd(24)}  ${row.wer.toFixed(3).padStart(5)}  ${row.rtf.toFixed(2).padStart(5)}  ${row.settings}`);
}

export async function main(args: string[]): Promise<void> {
  const dir = args.find((a) => a.startsWith('--dev='))?.slice('--dev='.length);
  const clips = Number(args.find((a) => a.startsWith('--clips='))?.slice('--clips='.length)) || undefined;
  const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  printSpeechWer(await speechWerRows({ dir, clips, whisper: only !== 'pocketsphinx', pocketsphinx: only !== 'whisper' }));
}
