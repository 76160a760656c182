import type { SpeechSegment } from '@reelsmith/proto/http';
import { SPEECH_SAMPLE_RATE } from './audio';

const FRAME_SECONDS = 0.03;
/** Frames this far below the clip's loud frames are pauses. */
const PAUSE_BELOW_DB = 30;
/** Pauses shorter than this stay inside a segment (breaths between words). */
const MIN_PAUSE_SECONDS = 0.35;
const MIN_SEGMENT_SECONDS = 0.15;

/**
 * Where the sound is loud enough to be speech: a stand-in until the Silero VAD (speech/vad.ts, branch
 * speech-vad) is merged, when this becomes `new VoiceActivity().detect(audio)`.
 */
export function speechSegmentsOf(audio: Float32Array): SpeechSegment[] {
  const frame = Math.round(FRAME_SECONDS * SPEECH_SAMPLE_RATE);
  const levels: number[] = [];
  for (let at = 0; at + frame <= audio.length; at += frame) {
    let sum = 0;
    for (let i = at; i < at + frame; i++) sum += audio[i] * audio[i];
    levels.push(10 * Math.log10(sum / frame + 1e-12));
  }
  if (levels.length === 0) return [];
  const loud = [...levels].sort((a, b) => a - b)[Math.floor(levels.length * 0.95)];
  if (loud < -70) return [];
  const segments: SpeechSegment[] = [];
  levels.forEach((level, i) => {
    if (level < loud - PAUSE_BELOW_DB) return;
    const start = i * FRAME_SECONDS;
    const last = segments.at(-1);
    if (last && start - last.end < MIN_PAUSE_SECONDS) last.end = start + FRAME_SECONDS;
    else segments.push({ start, end: start + FRAME_SECONDS });
  });
  return segments.filter((s) => s.end - s.start >= MIN_SEGMENT_SECONDS);
}
