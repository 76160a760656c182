import { Inject, Injectable } from '@nestjs/common';
import { execProcess, exitError, ProcessError as FfmpegError, rawFrames, runProcess, succeeded } from '@reelsmith/kit';
import type { Readable } from 'node:stream';
import {
  ANALYSIS,
  analysisArgs,
  decodeCheckArgs,
  probeArgs,
  progressSeconds,
  type RenderSpec,
  renderArgs,
  showinfoTimes,
  WAVEFORM_RATE,
  speechAudioArgs,
  waveformArgs,
  WINDOW,
  windowArgs,
} from './args';
import { type MediaFacts, NotAVideoError, parseProbe } from './probe';
import { validRenderPlan } from './render-plan';
import { PeakMeter } from './waveform';
import { SPEECH_SAMPLE_RATE } from '../speech/audio';

/** ffmpeg or ffprobe could not run or failed: the ProcessError of services/kit's process helpers. */
export { FfmpegError };

export const MEDIA_TOOLS = Symbol('MEDIA_TOOLS');
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

/** A reel render failed in our filter graph or plan: our bug, never the creator's file. */
export class RenderPlanError extends FfmpegError {}
/** A render failed where the source itself does not decode: the file may be damaged. */
export class SourceDecodeError extends FfmpegError {}

/** What ffmpeg says when our filter graph is refused or breaks: nothing the source did. */
const GRAPH_FAILED =
  /Error (?:initializing|reinitializing|configuring) (?:complex )?filter|Failed to configure|Failed to inject frame|Error while filtering|Numerical result out of range|No such filter|matches no streams/i;

const UNREACHABLE_INPUT = /connection refused|connection reset|connection timed out/i;

const PROBE_TIMEOUT_MS = 30_000;

export interface RunOptions {
  signal?: AbortSignal;
  /** Length of the output, to turn ffmpeg's progress into a fraction. */
  durationSeconds?: number;
  onProgress?: (fraction: number) => void;
}

export interface AnalysisDecodeOptions {
  hasAudio: boolean;
  /** Length of the video, to turn ffmpeg's progress into a fraction. */
  durationSeconds: number;
  /** The size of the face frames, when faces are looked for (see analysisArgs). */
  faceSize?: { width: number; height: number };
  /** The picture's size as shown, when known (small pictures decode on one thread). */
  picture?: { width: number; height: number };
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/** The streams of the analysis decode (analysisArgs), as ffmpeg writes them. */
export interface AnalysisDecode {
  /** RGB frames of ANALYSIS size at ANALYSIS.fps: for each chunk read, the frames it completes (views; see rawFrames). */
  frames: AsyncIterable<Buffer[]>;
  /** Mono s16le PCM at ANALYSIS.sampleRate; null without sound. */
  audio: Readable | null;
  /** RGB frames of faceSize, one a second, as `frames`; null without faceSize. */
  faces: AsyncIterable<Buffer[]> | null;
  /**
   * Settles when ffmpeg has ended (its pipes closed): with null when the decode succeeded, with its
   * FfmpegError when it failed, with the error when ffmpeg could not run or was aborted. Never rejects.
   */
  ended: Promise<Error | null>;
}

/** One frame of a decoded window: its presentation time (seconds) and its RGB pixels (WINDOW size). */
export interface TimedFrame {
  time: number;
  rgb: Buffer;
}

/** The only place that runs ffmpeg and ffprobe. Inputs may be local paths or (presigned) http URLs. */
@Injectable()
export class MediaRepository {
  constructor(@Inject(MEDIA_TOOLS) private readonly tools: MediaTools) {}

  async probe(input: string, signal?: AbortSignal): Promise<MediaFacts> {
    const timeout = AbortSignal.timeout(PROBE_TIMEOUT_MS);
    const { code, stdout, stderr } = await execProcess(this.tools.ffprobe, probeArgs(input), {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    }).catch((err: Error) => {
      // Storage too slow to answer in time: a dependency problem (503, retried), not a bug (500).
      throw timeout.aborted && !signal?.aborted ? Object.assign(new FfmpegError('The stored file could not be read in time.'), { code: 'ETIMEDOUT' }) : err;
    });
    // Storage that cannot be reached says nothing about the file: not "not a video", but try again.
    if (code !== 0 && UNREACHABLE_INPUT.test(stderr)) throw new FfmpegError(`The stored file could not be read: ${stderr.trim().split('\n').at(-1)}`);
    if (code !== 0) throw new NotAVideoError('The file could not be read as a video. It may be damaged or incomplete.');
    return parseProbe(stdout);
  }

  async run(args: string[], options: RunOptions = {}): Promise<void> {
    const onStdout =
      options.onProgress && options.durationSeconds
        ? (block: string) => {
            const seconds = progressSeconds(block);
            if (seconds !== null) options.onProgress!(Math.min(1, seconds / options.durationSeconds!));
          }
        : undefined;
    await succeeded(execProcess(this.tools.ffmpeg, args, { signal: options.signal, onStdout }));
  }

  /**
   * Renders a reel (renderArgs). A failure says whose it is: a SourceDecodeError only when the source
   * does not decode where the moments are; otherwise a RenderPlanError (ours). An unreachable source
   * keeps its plain FfmpegError.
   */
  async render(spec: RenderSpec, options: RunOptions = {}): Promise<void> {
    try {
      await this.run(renderArgs(spec), options);
    } catch (err) {
      if (!(err instanceof FfmpegError) || options.signal?.aborted) throw err;
      throw await this.renderFailure(err, validRenderPlan(spec), options.signal);
    }
  }

  private async renderFailure(err: FfmpegError, plan: RenderSpec, signal?: AbortSignal): Promise<FfmpegError> {
    // A graph refused at start decoded nothing: whatever the source holds, the failure is ours.
    if (GRAPH_FAILED.test(err.message)) return new RenderPlanError(err.message);
    const check = await execProcess(this.tools.ffmpeg, decodeCheckArgs(plan.source, plan.moments), { signal }).catch(() => null);
    if (!check || UNREACHABLE_INPUT.test(check.stderr)) return err;
    const decodeErrors = check.stderr.trim();
    if (check.code !== 0 || decodeErrors) return new SourceDecodeError(`${err.message} (decoding the source: ${decodeErrors.split('\n').slice(-3).join(' ')})`);
    return new RenderPlanError(err.message);
  }

  /**
   * Starts the one decode of the whole video the analysis measures (analysisArgs): small frames,
   * sound and, with a faceSize, the face frames, as they stream out of ffmpeg. The caller reads
   * every stream it gets (an unread one stalls the decode).
   */
  decodeForAnalysis(input: string, options: AnalysisDecodeOptions): AnalysisDecode {
    const { width, height } = ANALYSIS;
    const running = runProcess(this.tools.ffmpeg, analysisArgs(input, options.hasAudio, options.faceSize, options.picture), {
      signal: options.signal,
      pipes: 3,
    });
    running
      .output(1)
      .setEncoding('utf8')
      .on('data', (block: string) => {
        const seconds = progressSeconds(block);
        if (seconds !== null && options.onProgress) options.onProgress(Math.min(1, seconds / Math.max(options.durationSeconds, 0.001)));
      });
    return {
      frames: rawFrames(running.output(3), width * height * 3),
      audio: options.hasAudio ? running.output(4) : null,
      faces: options.faceSize ? rawFrames(running.output(5), options.faceSize.width * options.faceSize.height * 3) : null,
      // Never rejects: an aborted run ends with its AbortError as the failure, like any other.
      ended: running.exit.then(
        (exit) => (exit.code === 0 ? null : exitError(exit)),
        (err: Error) => err,
      ),
    };
  }

  /**
   * Every frame of each window (WINDOW size, RGB) with its presentation time (seconds), in one
   * ffmpeg run (windowArgs).
   */
  async decodeWindows(input: string, windows: Array<{ start: number; duration: number }>, signal?: AbortSignal): Promise<TimedFrame[][]> {
    const running = runProcess(this.tools.ffmpeg, windowArgs(input, windows), { signal, keepAllStderr: true });
    const chunks: Buffer[] = [];
    running.output(1).on('data', (chunk: Buffer) => chunks.push(chunk));
    const { stderr } = await succeeded(running.exit);
    const bytes = Buffer.concat(chunks);
    const size = WINDOW.width * WINDOW.height * 3;
    const times = showinfoTimes(stderr, windows.length);
    let offset = 0;
    return windows.map((w, i) =>
      times[i].flatMap((t) => {
        if (offset + size > bytes.length) return [];
        const rgb = bytes.subarray(offset, offset + size);
        offset += size;
        return [{ time: Math.max(0, w.start) + t, rgb }];
      }),
    );
  }

  /** The editor's waveform: the peaks of the sound (PeakMeter), measured as ffmpeg decodes it. */
  async waveform(input: string, durationSeconds: number, signal?: AbortSignal): Promise<number[]> {
    const running = runProcess(this.tools.ffmpeg, waveformArgs(input), { signal });
    const meter = new PeakMeter(durationSeconds * WAVEFORM_RATE);
    running.output(1).on('data', (chunk: Buffer) => meter.push(chunk));
    await succeeded(running.exit);
    return meter.finish();
  }

  /**
   * The sound as the speech engines read it: 16 kHz mono float samples (speechAudioArgs), written as
   * they arrive into one array sized from the video's length (grown when the sound runs longer), so
   * an hour holds one copy (230 MB) instead of the chunks, their concatenation and a copy of it. The
   * array is on a SharedArrayBuffer: the voice activity thread reads it without a copy of its own.
   */
  async speechAudio(input: string, signal?: AbortSignal, durationSeconds = 0): Promise<Float32Array> {
    const running = runProcess(this.tools.ffmpeg, speechAudioArgs(input), { signal });
    const samples = new SampleSink(Math.ceil((durationSeconds + 1) * SPEECH_SAMPLE_RATE));
    running.output(1).on('data', (chunk: Buffer) => samples.push(chunk));
    await succeeded(running.exit);
    return samples.result();
  }
}

const sharedFloats = (count: number) => new Float32Array(new SharedArrayBuffer(count * 4));

/** Little-endian float32 bytes in chunks of any length -> one Float32Array, grown by half when full. */
class SampleSink {
  private samples: Float32Array;
  private bytes: Uint8Array;
  private length = 0; // in bytes

  constructor(expectedSamples: number) {
    this.samples = sharedFloats(Math.max(1024, expectedSamples));
    this.bytes = new Uint8Array(this.samples.buffer);
  }

  push(chunk: Buffer): void {
    if (this.length + chunk.length > this.bytes.length) {
      const grown = sharedFloats(Math.ceil(((this.length + chunk.length) / 4) * 1.5));
      new Uint8Array(grown.buffer).set(this.bytes.subarray(0, this.length));
      this.samples = grown;
      this.bytes = new Uint8Array(grown.buffer);
    }
    this.bytes.set(chunk, this.length);
    this.length += chunk.length;
  }

  result(): Float32Array {
    return this.samples.subarray(0, Math.floor(this.length / 4));
  }
}
