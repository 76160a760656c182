import { Injectable } from '@nestjs/common';
import { ANALYSIS, WINDOW } from '../ffmpeg/args';
import { MediaRepository } from '../ffmpeg/media.repository';
import { assembleAnalysis, type Analysis } from './analysis';
import { AudioFeatureExtractor, type AudioStep, FRAME, PcmDecoder } from './audio-features';
import { FaceSampler } from './face-sampler';
import { FaceDetector, type FaceStep, faceStep } from './faces';
import { type Candidate, fadesAt, hardCuts, pictureOf, REFINE_MARGIN, ShotTracker, type TimedPicture } from './shots';
import { type VideoStep, VideoFeatureExtractor } from './video-features';

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

/**
 * Subjects (animals, vehicles, sports gear) are looked for at most once per this many seconds of
 * video, and at least MIN_SUBJECT_LOOKS times: the object detector costs several face detections.
 */
const SUBJECT_SPACING = 4;
const MIN_SUBJECT_LOOKS = 3;
/**
 * Frames (one a second, 320 px: about 170 KB each) kept waiting for the detector: enough that once
 * the cuts are known a two-minute video still has most of its seconds to choose subject looks from
 * (a jet in view for 3 s of an 11 s shot); at most about 16 MB, whatever the video's length.
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
    const samples = (async () => {
      if (!decode.audio) return;
      const pcm = new PcmDecoder();
      for await (const chunk of decode.audio) audioSteps.push(...audio.push(pcm.decode(chunk as Buffer)));
    })();
    // Faces, only where it pays: the detector (its own thread) looks at the seconds' frames beside
    // the decode and the cut refinement, taking at most FACE_SHARE of a core; when it cannot look at
    // every second, the sampler spreads the ones it does over the video.
    const faces = new FaceSampler(FRAMES_KEPT);
    const faceStream = { done: false, cuts: null as number[] | null, wake: null as (() => void) | null, ended: null as (() => void) | null };
    const wakeFaces = () => {
      faceStream.wake?.();
      faceStream.ended?.();
    };
    const faceReader = (async () => {
      if (!faceSize || !decode.faces) return;
      try {
        for await (const batch of decode.faces) {
          for (const rgb of batch) faces.add(Buffer.from(rgb));
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
      const subjectBudget = Math.max(MIN_SUBJECT_LOOKS, Math.ceil(options.durationSeconds / SUBJECT_SPACING));
      let subjectLooks = 0;
      for (;;) {
        // Once the cuts are refined, only a shot no second looked at shows still gets a look, and
        // seconds far from any subject look in their shot get one while the subject budget lasts.
        const cuts = faceStream.cuts;
        const subjectsLeft = subjectLooks < subjectBudget;
        const next = cuts ? (faces.nextInUnseenShot(cuts) ?? (subjectsLeft ? faces.nextForSubjects(cuts, SUBJECT_SPACING / 2) : undefined)) : faces.next();
        if (!next) {
          if (faceStream.cuts || (faceStream.done && faces.waiting === 0)) return;
          await new Promise<void>((resolve) => (faceStream.wake = resolve));
          faceStream.wake = null;
          continue;
        }
        let step: FaceStep = { count: 0, center: 0.5 };
        const before = Date.now();
        // Subjects cost several times the faces: at most a look per SUBJECT_SPACING seconds of video, spread over it.
        const subjects = subjectsLeft && !faces.subjectsLookedNear(next.second, SUBJECT_SPACING / 2, cuts ?? undefined);
        if (detector) {
          try {
            const seen = await detector.look(next.rgb, faceSize.width, faceSize.height, { subjects });
            if (subjects) subjectLooks++;
            step = faceStep(seen.faces, seen.subject);
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
    // The cuts are refined as soon as the decode is done, while the detector looks at its last frame.
    const refined = Promise.all([decode.ended, frames, samples, faceReader]).then(async ([failure]) => {
      if (failure) throw failure;
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
