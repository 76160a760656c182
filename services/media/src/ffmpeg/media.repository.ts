import { spawn } from 'node:child_process';
import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { assembleAnalysis, type Analysis } from '../analysis/analysis';
import { AudioFeatureExtractor, type AudioStep, FRAME, PcmDecoder } from '../analysis/audio-features';
import { type VideoStep, VideoFeatureExtractor } from '../analysis/video-features';
import { ANALYSIS, analysisArgs, decodeCheckArgs, probeArgs, progressSeconds, type RenderSpec, renderArgs, showinfoTimes, WINDOW, windowArgs } from './args';
import { type Candidate, fadesAt, hardCuts, pictureOf, REFINE_MARGIN, ShotTracker, type TimedPicture } from '../analysis/shots';
import { FaceSampler } from '../analysis/face-sampler';
import { FaceDetector, type FaceStep, faceStep } from '../analysis/faces';
import { type MediaFacts, NotAVideoError, parseProbe } from './probe';
import { validRenderPlan } from './render-plan';

export const MEDIA_TOOLS = Symbol('MEDIA_TOOLS');
export interface MediaTools { ffmpeg: string; ffprobe: string }

export class FfmpegError extends Error {}
/** A reel render failed in our filter graph or plan: our bug, never the creator's file. */
export class RenderPlanError extends FfmpegError {}
/** A render failed where the source itself does not decode: the file may be damaged. */
export class SourceDecodeError extends FfmpegError {}

/** What ffmpeg says when our filter graph is refused or breaks: nothing the source did. */
const GRAPH_FAILED = /Error (?:initializing|reinitializing|configuring) (?:complex )?filter|Failed to configure|Failed to inject frame|Error while filtering|Numerical result out of range|No such filter|matches no streams/i;

const WINDOWS_PER_RUN = 8;

let detectorInstance: FaceDetector | null = null;
/** One face detector per process (its models load once). */
function faceDetector(): FaceDetector {
  detectorInstance ??= new FaceDetector();
  return detectorInstance;
}

/**
 * Face detection is the costliest step: it runs beside the decode and then the cut refinement (a
 * thread of its own), taking at most this share of a core; then it only finishes the frame it is
 * looking at and looks once at each shot it has not seen yet. A long video gets a detection every
 * second or so (a decode is far slower per second of video than a detection); a 10 s clip decoded in
 * 0.2 s gets a few, spread over it.
 */
const FACE_SHARE = 0.5;

/** The size of the frames faces are looked for in: the picture's shown shape, 320 px on its long side (even). */
function faceFrameSize(picture: { width: number; height: number }): { width: number; height: number } {
  const long = 320;
  const even = (v: number) => Math.max(2, 2 * Math.round(v / 2));
  return picture.width >= picture.height
    ? { width: long, height: even((long * picture.height) / picture.width) }
    : { width: even((long * picture.width) / picture.height), height: long };
}

/** ITU-R BT.601 luma of an RGB24 frame. */
function grayOf(rgb: Uint8Array): Uint8Array {
  const gray = new Uint8Array(rgb.length / 3);
  for (let i = 0; i < gray.length; i++) gray[i] = (77 * rgb[3 * i] + 150 * rgb[3 * i + 1] + 29 * rgb[3 * i + 2]) >> 8;
  return gray;
}

/** Hard cuts and gradual transitions together; a gradual one within half a second of a cut is that cut. */
function mergeTransitions(cuts: number[], gradual: number[]): number[] {
  const all = [...cuts, ...gradual.filter((g) => !cuts.some((c) => Math.abs(c - g) < 0.5))];
  return all.sort((a, b) => a - b);
}

const UNREACHABLE_INPUT = /connection refused|connection reset|connection timed out/i;

const PROBE_TIMEOUT_MS = 30_000;
const STDERR_TAIL = 2000;

export interface RunOptions {
  signal?: AbortSignal;
  /** Length of the output, to turn ffmpeg's progress into a fraction. */
  durationSeconds?: number;
  onProgress?: (fraction: number) => void;
}

/** The only place that runs ffmpeg and ffprobe. Inputs may be local paths or (presigned) http URLs. */
@Injectable()
export class MediaRepository {
  constructor(@Inject(MEDIA_TOOLS) private readonly tools: MediaTools) {}

  async probe(input: string, signal?: AbortSignal): Promise<MediaFacts> {
    const timeout = AbortSignal.timeout(PROBE_TIMEOUT_MS);
    const { code, stdout, stderr } = await this.exec(this.tools.ffprobe, probeArgs(input), signal ? AbortSignal.any([signal, timeout]) : timeout).catch((err: Error) => {
      // Storage too slow to answer in time: a dependency problem (503, retried), not a bug (500).
      throw timeout.aborted && !signal?.aborted ? Object.assign(new FfmpegError('The stored file could not be read in time.'), { code: 'ETIMEDOUT' }) : err;
    });
    // Storage that cannot be reached says nothing about the file: not "not a video", but try again.
    if (code !== 0 && UNREACHABLE_INPUT.test(stderr)) throw new FfmpegError(`The stored file could not be read: ${stderr.trim().split('\n').at(-1)}`);
    if (code !== 0) throw new NotAVideoError('The file could not be read as a video. It may be damaged or incomplete.');
    return parseProbe(stdout);
  }

  async run(args: string[], options: RunOptions = {}): Promise<void> {
    const onStdout = options.onProgress && options.durationSeconds
      ? (block: string) => {
          const seconds = progressSeconds(block);
          if (seconds !== null) options.onProgress!(Math.min(1, seconds / options.durationSeconds!));
        }
      : undefined;
    const { code, stderr } = await this.exec(this.tools.ffmpeg, args, options.signal, onStdout);
    if (code !== 0) throw new FfmpegError(stderr.trim().split('\n').slice(-3).join(' ') || `ffmpeg exited with ${code}`);
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
    const check = await this.exec(this.tools.ffmpeg, decodeCheckArgs(plan.source, plan.moments), signal).catch(() => null);
    if (!check || UNREACHABLE_INPUT.test(check.stderr)) return err;
    const decodeErrors = check.stderr.trim();
    if (check.code !== 0 || decodeErrors) return new SourceDecodeError(`${err.message} (decoding the source: ${decodeErrors.split('\n').slice(-3).join(' ')})`);
    return new RenderPlanError(err.message);
  }

  /**
   * Decodes the video once and measures it as it streams by: frames and samples are turned into
   * features on arrival and dropped, so memory stays flat whatever the length.
   */
  async analyze(input: string, options: {
    hasAudio: boolean;
    durationSeconds: number;
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
    faces?: boolean;
    /** The picture's size as shown, when the caller knows it (saves a probe). */
    size?: { width: number; height: number };
  }): Promise<Analysis> {
    const step = 1 / ANALYSIS.fps;
    const video = new VideoFeatureExtractor(ANALYSIS.width, ANALYSIS.height);
    const shots = new ShotTracker();
    const audio = new AudioFeatureExtractor(ANALYSIS.sampleRate, Math.round(ANALYSIS.sampleRate * step));
    if (Math.round(ANALYSIS.sampleRate * step) % FRAME !== 0) throw new Error('analysis step and FFT frame do not line up');
    const videoSteps: VideoStep[] = [];
    const audioSteps: AudioStep[] = [];
    // Faces: one frame a second, about 320 px on its long side, in the picture's shown shape.
    // The picture's size as shown: the caller's, or probed when faces are looked for.
    const known = options.size && options.size.width > 0 && options.size.height > 0 ? options.size : undefined;
    const picture = known ?? (options.faces === false ? undefined : await this.probe(input, options.signal).catch(() => null)) ?? undefined;
    const faceSize = options.faces === false || !picture || picture.width <= 0 || picture.height <= 0 ? undefined : faceFrameSize(picture);
    const child = spawn(this.tools.ffmpeg, analysisArgs(input, options.hasAudio, faceSize, picture), {
      stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe', 'pipe'],
      signal: options.signal,
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.stdout!.setEncoding('utf8').on('data', (block: string) => {
      const seconds = progressSeconds(block);
      if (seconds !== null && options.onProgress) options.onProgress(Math.min(1, seconds / Math.max(options.durationSeconds, 0.001)));
    });
    const frames = (async () => {
      let pending = Buffer.alloc(0);
      for await (const chunk of child.stdio[3] as Readable) {
        pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
        let offset = 0;
        const bytes = video.frameBytes * 3;
        for (; offset + bytes <= pending.length; offset += bytes) {
          const rgb = pending.subarray(offset, offset + bytes);
          shots.push(videoSteps.length * step, pictureOf(rgb, ANALYSIS.width, ANALYSIS.height));
          videoSteps.push(video.push(grayOf(rgb)));
        }
        pending = pending.subarray(offset);
      }
    })();
    const samples = (async () => {
      if (!options.hasAudio) return;
      const pcm = new PcmDecoder();
      for await (const chunk of child.stdio[4] as Readable) audioSteps.push(...audio.push(pcm.decode(chunk as Buffer)));
    })();
    // Faces, only where it pays: the detector (its own thread) looks at the seconds' frames beside
    // the decode and the cut refinement, taking at most FACE_SHARE of a core; when it cannot look at
    // every second, the sampler spreads the ones it does over the video.
    const faces = new FaceSampler();
    const faceStream = { done: false, cuts: null as number[] | null, wake: null as (() => void) | null, ended: null as (() => void) | null };
    const wakeFaces = () => {
      faceStream.wake?.();
      faceStream.ended?.();
    };
    const faceReader = (async () => {
      if (!faceSize) return;
      const bytes = faceSize.width * faceSize.height * 3;
      let pending = Buffer.alloc(0);
      try {
        for await (const chunk of (child.stdio as unknown as Readable[])[5]) {
          pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
          let offset = 0;
          for (; offset + bytes <= pending.length; offset += bytes) faces.add(Buffer.from(pending.subarray(offset, offset + bytes)));
          pending = pending.subarray(offset);
          faceStream.wake?.();
        }
      } finally {
        faceStream.done = true;
        faceStream.wake?.();
      }
    })();
    const faceDetection = (async () => {
      if (!faceSize) return;
      let detector: FaceDetector | null = faceDetector();
      for (;;) {
        // Once the cuts are refined, only a shot no second looked at shows still gets a look.
        const next = faceStream.cuts ? faces.nextInUnseenShot(faceStream.cuts) : faces.next();
        if (!next) {
          if (faceStream.cuts || (faceStream.done && faces.waiting === 0)) return;
          await new Promise<void>((resolve) => (faceStream.wake = resolve));
          faceStream.wake = null;
          continue;
        }
        let step: FaceStep = { count: 0, center: 0.5 };
        const before = Date.now();
        if (detector) {
          try {
            step = faceStep(await detector.detect(next.rgb, faceSize.width, faceSize.height));
          } catch {
            // Without a working detector the analysis goes on without faces.
            detector = null;
          }
        }
        faces.record(next.second, next.rgb, step);
        // The detector rests in proportion: it takes at most its share of a core.
        const rest = (Date.now() - before) * (1 / FACE_SHARE - 1);
        if (!faceStream.cuts && rest > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, rest);
            faceStream.ended = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          faceStream.ended = null;
        }
      }
    })();
    const exit = new Promise<number | null>((resolve, reject) => {
      child.on('error', (err) => reject(err.name === 'AbortError' ? err : new FfmpegError(`ffmpeg could not run: ${err.message}`)));
      child.on('close', resolve);
    });
    // The cuts are refined as soon as the decode is done, while the detector looks at its last frame.
    const refined = Promise.all([exit, frames, samples, faceReader]).then(async ([code]) => {
      if (code !== 0) throw new FfmpegError(stderr.trim().split('\n').slice(-3).join(' ') || `ffmpeg exited with ${code}`);
      const found = shots.finish();
      return mergeTransitions(await this.refineCuts(input, found.candidates, options.signal), found.gradual);
    });
    // With the refinement done, the detector finishes the frame it is looking at and any shot it has not seen.
    const cuts = await refined.catch((err: unknown) => {
      faceStream.cuts = [];
      wakeFaces();
      throw err;
    });
    faceStream.cuts = cuts;
    wakeFaces();
    await faceDetection;
    return assembleAnalysis(step, audioSteps, videoSteps, options.hasAudio, cuts, faceSize ? faces.result(cuts) : undefined);
  }

  /**
   * Loads the face models and runs them once, so the first video a worker analyses does not wait
   * for it (a worker calls this when it starts).
   */
  async warmFaces(): Promise<void> {
    await faceDetector().detect(new Uint8Array(64 * 36 * 3), 64, 36);
  }

  /**
   * Decodes a short window around each candidate at full frame rate (one seek per group of nearby
   * candidates) and keeps the frame-exact cuts: the times of the first frames of new shots; and for
   * quick dips to or from black, the fades found on every frame (`fadesAt`).
   */
  async refineCuts(input: string, candidates: Candidate[], signal?: AbortSignal): Promise<number[]> {
    const groups: Array<{ start: number; end: number; members: Candidate[] }> = [];
    for (const c of candidates) {
      const start = Math.max(0, c.after - REFINE_MARGIN);
      const end = c.until + REFINE_MARGIN;
      const last = groups[groups.length - 1];
      if (last && start <= last.end) {
        last.end = Math.max(last.end, end);
        last.members.push(c);
      } else groups.push({ start, end, members: [c] });
    }
    const cuts: number[] = [];
    const fades: number[] = [];
    // A few windows per ffmpeg run: one start-up for all, and only a few decoders open at once.
    for (let i = 0; i < groups.length; i += WINDOWS_PER_RUN) {
      const batch = groups.slice(i, i + WINDOWS_PER_RUN);
      const decoded = await this.decodeWindows(input, batch.map((g) => ({ start: g.start, duration: g.end - g.start })), signal);
      batch.forEach((group, j) => {
        // The 5 fps frame of slot t may be up to a step from t (the fps filter picks the nearest frame).
        for (const c of group.members) {
          if (c.fade) fades.push(...fadesAt(decoded[j].filter((f) => f.time >= c.after && f.time <= c.until)));
          else cuts.push(...hardCuts(decoded[j], undefined, c.after - 0.2, c.until + 0.2));
        }
      });
    }
    // A dip seen by both (a cut across the black, and the fade): the cut stands.
    return mergeTransitions([...new Set(cuts)], [...new Set(fades)]);
  }

  /** Every frame of each window as small pictures with their presentation times (seconds), in one ffmpeg run. */
  async decodeWindows(input: string, windows: Array<{ start: number; duration: number }>, signal?: AbortSignal): Promise<TimedPicture[][]> {
    const child = spawn(this.tools.ffmpeg, windowArgs(input, windows), { stdio: ['ignore', 'pipe', 'pipe'], signal });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', (err) => reject(err.name === 'AbortError' ? err : new FfmpegError(`ffmpeg could not run: ${err.message}`)));
      child.on('close', resolve);
    });
    if (code !== 0) throw new FfmpegError(stderr.trim().split('\n').slice(-3).join(' ') || `ffmpeg exited with ${code}`);
    const bytes = Buffer.concat(chunks);
    const size = WINDOW.width * WINDOW.height * 3;
    const times = showinfoTimes(stderr, windows.length);
    let offset = 0;
    return windows.map((w, i) => times[i].flatMap((t) => {
      if (offset + size > bytes.length) return [];
      const picture = pictureOf(bytes.subarray(offset, offset + size), WINDOW.width, WINDOW.height);
      offset += size;
      return [{ time: Math.max(0, w.start) + t, picture }];
    }));
  }

  /** Every frame of [start, start + duration). */
  async decodeWindow(input: string, start: number, duration: number, signal?: AbortSignal): Promise<TimedPicture[]> {
    return (await this.decodeWindows(input, [{ start, duration }], signal))[0];
  }

  private exec(command: string, args: string[], signal?: AbortSignal, onStdout?: (chunk: string) => void) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        if (onStdout) onStdout(chunk);
        else stdout += chunk;
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-STDERR_TAIL);
      });
      child.on('error', (err) => reject(err.name === 'AbortError' ? err : new FfmpegError(`${command} could not run: ${err.message}`)));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }
}
