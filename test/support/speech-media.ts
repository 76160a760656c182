import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeWhole, writeWhole } from './whole-file';

/**
 * A "toast" made by the project: sentences spoken by espeak-ng (Debian) with pauses between them,
 * then applause (bursts of filtered noise), over a plain lavfi picture. The phrase times are known
 * from the generated pieces, so tests and the bench can score voice activity and cut edges.
 * Made once per machine and kept in a temp folder, like test/support/media.ts.
 */
const DIR = join(tmpdir(), 'reelsmith-speech-media-v1');
const RATE = 16_000;

const SENTENCES = [
  'Good evening everyone and thank you all for coming tonight.',
  'I have known Anna since we were seven years old.',
  'She taught me to ride a bike and to never give up.',
  'When she met Tom we all knew something had changed.',
  'He makes her laugh every single day.',
  'Tom, you are a lucky man and you know it.',
  'Anna, you deserve every bit of this happiness.',
  'So please raise your glasses with me.',
  'To Anna and Tom, and to a long and happy life together.',
];
/** Seconds of quiet after each sentence (the last one leads into the applause). */
const PAUSES = [0.9, 1.2, 0.7, 1.5, 0.8, 1.1, 0.6, 1.3, 0.9];
const LEAD_IN = 1.0;
const APPLAUSE_SECONDS = 5;
/** A faint room noise under everything (about -60 dBFS), so quiet is not digital silence. */
const ROOM_NOISE = 0.001;

export interface Phrase {
  text: string;
  start: number;
  end: number;
}

export interface SpeechMedia {
  /** H.264/AAC MP4 with the toast as its sound. */
  video: string;
  /** The same sound as 16 kHz mono WAV. */
  wav: string;
  duration: number;
  /** Where each sentence is voiced (first to last sample above -50 dBFS). */
  phrases: Phrase[];
  applause: { start: number; end: number };
}

/** The toast (made on first use). */
export function toastMedia(): SpeechMedia {
  mkdirSync(DIR, { recursive: true });
  const manifest = join(DIR, 'toast.json');
  if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')) as SpeechMedia;
  const { samples, phrases, applause } = composeToast();
  const wav = join(DIR, 'toast.wav');
  writeWhole(wav, wavOf(samples));
  const duration = samples.length / RATE;
  const video = join(DIR, 'toast.mp4');
  makeWhole(video, (tmp) =>
    ffmpeg([
      ...['-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=25:duration=${duration}`, '-i', wav],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-ar', '48000', '-shortest', '-movflags', '+faststart', tmp],
    ]),
  );
  const media: SpeechMedia = { video, wav, duration, phrases, applause };
  writeWhole(manifest, JSON.stringify(media, null, 2));
  return media;
}

/** 16 kHz mono samples (-1..1) of a WAV or any file ffmpeg reads. */
export function pcm16k(file: string): Float32Array {
  const raw = execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-i', file, '-ac', '1', '-ar', String(RATE), '-f', 's16le', 'pipe:1'], {
    maxBuffer: 1 << 30,
  });
  const out = new Float32Array(raw.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = raw.readInt16LE(2 * i) / 32768;
  return out;
}

function composeToast(): { samples: Float32Array; phrases: Phrase[]; applause: { start: number; end: number } } {
  const pieces = SENTENCES.map((text) => trimmed(spoken(text)));
  const total = LEAD_IN + pieces.reduce((sum, p, i) => sum + p.length / RATE + PAUSES[i], 0) + APPLAUSE_SECONDS + 0.5;
  const samples = new Float32Array(Math.ceil(total * RATE));
  const random = seeded(26);
  for (let i = 0; i < samples.length; i++) samples[i] = (random() * 2 - 1) * ROOM_NOISE;
  const phrases: Phrase[] = [];
  let at = Math.round(LEAD_IN * RATE);
  pieces.forEach((piece, i) => {
    for (let k = 0; k < piece.length; k++) samples[at + k] += piece[k];
    phrases.push({ text: SENTENCES[i], start: round(at / RATE), end: round((at + piece.length) / RATE) });
    at += piece.length + Math.round(PAUSES[i] * RATE);
  });
  const applause = { start: round(at / RATE), end: round(at / RATE + APPLAUSE_SECONDS) };
  addApplause(samples, at, Math.round(APPLAUSE_SECONDS * RATE), random);
  return { samples, phrases, applause };
}

/** espeak-ng's voice for one sentence, at 16 kHz, peak-normalised to -3 dBFS. */
function spoken(text: string): Float32Array {
  const file = join(DIR, `phrase-${process.pid}.wav`);
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '160', '-w', file, text]);
  const samples = pcm16k(file);
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  const gain = peak > 0 ? 0.7 / peak : 1;
  return samples.map((s) => s * gain);
}

/** The piece from its first to its last sample above -50 dBFS: the phrase's own edges. */
function trimmed(samples: Float32Array): Float32Array {
  const loud = (s: number) => Math.abs(s) > 0.00316;
  const first = samples.findIndex(loud);
  let last = samples.length - 1;
  while (last > first && !loud(samples[last])) last--;
  return samples.slice(Math.max(0, first), last + 1);
}

/** Claps: 10-25 ms bursts of band-passed noise with a fast decay, ever denser, then thinning out. */
function addApplause(samples: Float32Array, from: number, length: number, random: () => number): void {
  const claps = Math.round((length / RATE) * 18);
  for (let c = 0; c < claps; c++) {
    const start = from + Math.floor(random() * (length - 0.03 * RATE));
    const clapLength = Math.round((0.01 + random() * 0.015) * RATE);
    const level = 0.15 + random() * 0.25;
    let low = 0;
    let previous = 0;
    for (let k = 0; k < clapLength; k++) {
      const noise = random() * 2 - 1;
      low += 0.35 * (noise - low); // low-pass
      const band = low - previous; // then high-pass: a 1-3 kHz clap
      previous = low;
      samples[start + k] += band * level * 3 * Math.exp((-6 * k) / clapLength);
    }
  }
}

function wavOf(samples: Float32Array): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(s * 32767))), 2 * i));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args]);
}

const round = (t: number) => Math.round(t * 1000) / 1000;

/** A small deterministic generator (mulberry32): the same toast on every machine. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
