import type { SpeechSegment } from '@reelsmith/proto/http';
import type { AudioStep } from './audio-features';
import { detectCuts } from './cuts';
import type { FaceStep } from './faces';
import type { VideoStep } from './video-features';

/** Everything the engine measured in one video, per step of `step` seconds; stored next to the video. */
export interface Analysis {
  /** 3: subject and camera motion apart, and the picture's sharpness, brightness and clipped share. 4: subjects in view. 6: speech (VAD). */
  version: 6;
  step: number;
  duration: number;
  hasAudio: boolean;
  loudness: number[];
  flux: number[];
  flatness: number[];
  crest: number[];
  voiceBand: number[];
  tonality: number[];
  modulation: number[];
  variation: number[];
  motion: number[];
  difference: number[];
  motionCenter: number[];
  histogramDelta: number[];
  subjectMotion: number[];
  cameraMotion: number[];
  sharpness: number[];
  brightness: number[];
  clipped: number[];
  /** Per second: how many faces, and the horizontal centre of the largest (0..1); absent when not looked for. */
  faceCount?: number[];
  faceCenter?: number[];
  /**
   * Per second: the detector's confidence (0..1, 0 for none) that an animal, a vehicle or sports gear
   * is in view, and what it is ('dog', 'airplane', 'sports ball'); absent when not looked for.
   */
  subject?: number[];
  subjectLabel?: Array<string | null>;
  /** Per second: the horizontal centre of the subject's box (0..1; 0.5 without one), where a 9:16 crop follows it. */
  subjectCenter?: number[];
  /**
   * Stretches of speech (Silero VAD, seconds of the source, short gaps merged, a little padding):
   * what moment edges keep whole, music ducks under and the 'speech' reason counts. Absent when not
   * measured (no sound, or the detector failed): the spectral guess in scoring stands in.
   */
  speech?: SpeechSegment[];
  /** Scene cuts, in seconds: the presentation time of the first frame of each new shot (gradual transitions: their middle). */
  cuts: number[];
}

const round = (v: number) => Math.round(v * 1000) / 1000;

/** The analysis format this engine writes; a kept analysis of another version is made again. */
export const ANALYSIS_VERSION = 6;

/** Where a video's analysis is kept, so new reels and edits need no second decode. */
export const analysisKey = (videoId: string) => `derived/${videoId}/analysis.json`;

/** Puts the streamed steps together; audio and video may end a step or two apart. */
export function assembleAnalysis(
  step: number,
  audio: AudioStep[],
  video: VideoStep[],
  hasAudio: boolean,
  cuts?: number[],
  faces?: FaceStep[],
  speech?: SpeechSegment[],
): Analysis {
  const length = Math.max(video.length, hasAudio ? audio.length : 0);
  const at = <T>(list: T[], i: number, fallback: T) => list[Math.min(i, list.length - 1)] ?? fallback;
  const silent: AudioStep = { loudness: -100, flux: 0, flatness: 0, crest: 0, voiceBand: 0, tonality: 0, modulation: 0, variation: 0 };
  const still: VideoStep = {
    motion: 0,
    difference: 0,
    motionCenter: 0.5,
    histogramDelta: 0,
    subjectMotion: 0,
    cameraMotion: 0,
    sharpness: 0,
    brightness: 0,
    clipped: 0,
  };
  const column = <T, K extends keyof T>(list: T[], key: K, fallback: T) => Array.from({ length }, (_, i) => round(Number(at(list, i, fallback)[key])));
  const histogramDelta = column(video, 'histogramDelta', still);
  return {
    version: ANALYSIS_VERSION,
    step,
    duration: round(length * step),
    hasAudio,
    loudness: column(audio, 'loudness', silent),
    flux: column(audio, 'flux', silent),
    flatness: column(audio, 'flatness', silent),
    crest: column(audio, 'crest', silent),
    voiceBand: column(audio, 'voiceBand', silent),
    tonality: column(audio, 'tonality', silent),
    modulation: column(audio, 'modulation', silent),
    variation: column(audio, 'variation', silent),
    motion: column(video, 'motion', still),
    difference: column(video, 'difference', still),
    motionCenter: column(video, 'motionCenter', still),
    histogramDelta,
    subjectMotion: column(video, 'subjectMotion', still),
    cameraMotion: column(video, 'cameraMotion', still),
    sharpness: column(video, 'sharpness', still),
    brightness: column(video, 'brightness', still),
    clipped: column(video, 'clipped', still),
    ...(faces
      ? {
          faceCount: faces.map((f) => f.count),
          faceCenter: faces.map((f) => round(f.center)),
          subject: faces.map((f) => round(f.subject?.score ?? 0)),
          subjectLabel: faces.map((f) => f.subject?.label ?? null),
          subjectCenter: faces.map((f) => round(f.subject?.center ?? 0.5)),
        }
      : {}),
    ...(speech ? { speech: voiced(speech, audio, step) } : {}),
    cuts: cuts ? cuts.map((t) => Math.round(t * 1e6) / 1e6) : detectCuts(histogramDelta).map((i) => round(i * step)),
  };
}

/**
 * A voice's level rises and falls with its syllables: a segment whose voice band hardly swings over
 * its 40 ms frames (mean under this, dB) is a hum the model took for a voice (an engine's buzz,
 * whose harmonics and vibrato fool it), not speech. Speech measured 14-29 dB, such hums 2-7 dB.
 */
const MIN_SYLLABLE_SWING_DB = 9;

function voiced(segments: SpeechSegment[], audio: AudioStep[], step: number): SpeechSegment[] {
  return segments.filter((s) => {
    const steps = audio.slice(Math.floor(s.start / step), Math.max(Math.floor(s.start / step) + 1, Math.ceil(s.end / step)));
    if (steps.length === 0) return true;
    return steps.reduce((sum, a) => sum + a.modulation, 0) / steps.length >= MIN_SYLLABLE_SWING_DB;
  });
}

/** Mean level (energy average, dBFS) of the given stretches, or undefined without sound. */
export function levelOf(analysis: Analysis, moments: Array<{ start: number; end: number }>): number | undefined {
  if (!analysis.hasAudio) return undefined;
  let energy = 0;
  let steps = 0;
  for (const m of moments) {
    for (let i = Math.floor(m.start / analysis.step); i < Math.min(analysis.loudness.length, Math.ceil(m.end / analysis.step)); i++) {
      energy += 10 ** (analysis.loudness[i] / 10);
      steps++;
    }
  }
  if (steps === 0 || energy === 0) return undefined;
  const level = 10 * Math.log10(energy / steps);
  return level > -70 ? level : undefined;
}
