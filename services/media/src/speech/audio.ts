import type { SpeechSegment } from '@reelsmith/proto/http';
/** The sample rate every engine reads: 16 kHz mono, as the VAD reads it too. */
export const SPEECH_SAMPLE_RATE = 16_000;

/** Peak level a segment is brought to before decoding (about -1 dBFS): quiet recordings decode as well as loud ones. */
export const TARGET_PEAK = 0.9;

/** Stretches of speech, each padded by `pad` seconds on both sides (within the audio), overlapping ones merged. */
export function paddedSegments(segments: readonly SpeechSegment[], pad: number, duration: number): SpeechSegment[] {
  const merged: SpeechSegment[] = [];
  for (const { start, end } of [...segments].sort((a, b) => a.start - b.start)) {
    const padded = { start: Math.max(0, start - pad), end: Math.min(duration, end + pad) };
    const last = merged.at(-1);
    if (last && padded.start <= last.end) last.end = Math.max(last.end, padded.end);
    else if (padded.end > padded.start) merged.push(padded);
  }
  return merged;
}

/** The samples of a segment scaled so their peak is TARGET_PEAK (silence stays silence), as 16-bit PCM. */
export function normalisedPcm(audio: Float32Array, segment: SpeechSegment): Int16Array {
  const from = Math.max(0, Math.floor(segment.start * SPEECH_SAMPLE_RATE));
  const to = Math.min(audio.length, Math.ceil(segment.end * SPEECH_SAMPLE_RATE));
  const slice = audio.subarray(from, to);
  let peak = 0;
  for (const sample of slice) peak = Math.max(peak, Math.abs(sample));
  const gain = peak > 1e-4 ? TARGET_PEAK / peak : 1;
  const pcm = new Int16Array(slice.length);
  for (let i = 0; i < slice.length; i++) pcm[i] = Math.max(-32768, Math.min(32767, Math.round(slice[i] * gain * 32767)));
  return pcm;
}
