import { Injectable } from '@nestjs/common';
import { ANALYSIS, WINDOW } from '../ffmpeg/args';
import { MediaRepository } from '../ffmpeg/media.repository';
import { assembleAnalysis, type Analysis } from './analysis';
import { AudioFeatureExtractor, type AudioStep, FRAME, PcmDecoder } from './audio-features';
import { FaceSampler } from './face-sampler';
import { type Look, FaceSchedule } from './face-schedule';
import { FaceDetector, type FaceStep, faceStep } from './faces';
import { type Candidate, fadesAt, hardCuts, pictureOf, REFINE_MARGIN, ShotTracker, type TimedPicture } from './shots';
import { type VideoStep, VideoFeatureExtractor } from './video-features';
import { SpeechStream } from '../speech/vad';

const WINDOWS_PER_RUN = 8;

let detectorInstance: FaceDetector | null = null;
/** One face detector per process (its models load once). */
function faceDetector(): FaceDetector {
  detectorInstance ??= new FaceDetector();
  return detectorInstance;
}

/**
 * Frames (one a second, 320 px: about 170 KB each) kept waiting for the detector: enough that once
 * the cuts are known a two-minute video still has most of its seconds to choose subject looks from
 * (a jet in view for 3 s of an 11 s shot); with the blocks read ahead (FaceSchedule) at most about
 * 20 MB, whatever the video's length.
 */
const FRAMES_KEPT = 96;

/** The size of the frames faces are looked for in: the picture's shown shape, 320 px on its long side (even). */
function faceFrameSize(picture: { width: number; height: number }): { width: number; height: number } {
  const long = 320;
  const even = (v: number) => Math.max(2, 2 * Math.round(v / 2));
  return picture.width >= picture.height
    ? { width: long, height: even((long * picture.height) / picture.width) }
    : { width: even((long * picture.width) / picture.height), height: long };
}

const NO_FACES: FaceStep = { count: 0, center: 0.5 };

/** The detector as the schedule uses it: a detector that fails once is not asked again, and the analysis goes on without faces. */
function lookWith(detector: FaceDetector, size: { width: number; height: number }): Look {
  let working = true;
  return async (rgb, { subjects }) => {
    if (!working) return NO_FACES;
    try {
      const seen = await detector.look(rgb, size.width, size.height, { subjects });
      return faceStep(seen.faces, seen.subject);
    } catch {
      working = false;
      return NO_FACES;
    }
  };
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

export interface AnalyseOptions {
  hasAudio: boolean;
  durationSeconds: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  faces?: boolean;
  /** Speech segments by the voice activity model (on unless false: the bench measures its cost). */
  speech?: boolean;
  /** The picture's size as shown, when the caller knows it (saves a probe). */
  size?: { width: number; height: number };
}

/**
 * The analysis of a video: what it measures and how it schedules the work. The decoding (ffmpeg)
 * is MediaRepository's; everything here works on the frames and samples it streams.
 */
@Injectable()
export class Analyser {
  constructor(private readonly media: MediaRepository) {}

  /**
   * Decodes the video once and measures it as it streams by: frames and samples are turned into
   * features on arrival and dropped, so memory stays flat whatever the length.
   */
  async analyze(input: string, options: AnalyseOptions): Promise<Analysis> {
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
    const picture = known ?? (options.faces === false ? undefined : await this.media.probe(input, options.signal).catch(() => null)) ?? undefined;
    const faceSize = options.faces === false || !picture || picture.width <= 0 || picture.height <= 0 ? undefined : faceFrameSize(picture);
    const decode = this.media.decodeForAnalysis(input, {
      hasAudio: options.hasAudio,
      durationSeconds: options.durationSeconds,
      faceSize,
      picture,
      signal: options.signal,
      onProgress: options.onProgress,
    });
    const frames = (async () => {
      for await (const batch of decode.frames) {
        for (const rgb of batch) {
          shots.push(videoSteps.length * step, pictureOf(rgb, ANALYSIS.width, ANALYSIS.height));
          videoSteps.push(video.push(grayOf(rgb)));
        }
      }
    })();
    // Speech: the same samples go to the voice activity model's thread as they arrive.
    const voice = decode.audio && options.speech !== false ? new SpeechStream(ANALYSIS.sampleRate) : null;
    const samples = (async () => {
      if (!decode.audio) return;
      const pcm = new PcmDecoder();
      for await (const chunk of decode.audio) {
        const floats = pcm.decode(chunk as Buffer);
        voice?.push(floats);
        audioSteps.push(...audio.push(floats));
      }
    })();
    // A detector that fails leaves the analysis without speech segments (scoring's spectral guess stands in).
    const speech = samples
      .catch(() => undefined)
      .then(() => voice?.finish())
      .catch(() => undefined);
    // Faces and subjects: the detector (a thread of its own) looks at some of the seconds' frames
    // beside the decode, chosen by the video alone (FaceSchedule), then at shots no look has seen.
    const faces = new FaceSampler(FRAMES_KEPT);
    const schedule = new FaceSchedule(faces, options.durationSeconds, faceSize ? lookWith(faceDetector(), faceSize) : async () => NO_FACES);
    const faceFrames = faceSize ? decode.faces : null;
    const faceReader = faceFrames ? schedule.read(faceFrames) : Promise.resolve();
    // The cuts are refined as soon as the decode is done, while the detector finishes its blocks.
    const refined = Promise.all([decode.ended, frames, samples, faceReader]).then(async ([failure]) => {
      if (failure) throw failure;
      const found = shots.finish();
      return mergeTransitions(await this.refineCuts(input, found.candidates, options.signal), found.gradual);
    });
    const faceDetection = faceFrames ? schedule.detect(refined.catch(() => null)) : Promise.resolve();
    const cuts = await refined;
    await faceDetection;
    return assembleAnalysis(step, audioSteps, videoSteps, options.hasAudio, cuts, faceFrames ? faces.result(cuts) : undefined, await speech);
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
      const decoded = await this.decodeWindows(
        input,
        batch.map((g) => ({ start: g.start, duration: g.end - g.start })),
        signal,
      );
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
  private async decodeWindows(input: string, windows: Array<{ start: number; duration: number }>, signal?: AbortSignal): Promise<TimedPicture[][]> {
    const decoded = await this.media.decodeWindows(input, windows, signal);
    return decoded.map((frames) => frames.map(({ time, rgb }) => ({ time, picture: pictureOf(rgb, WINDOW.width, WINDOW.height) })));
  }
}
