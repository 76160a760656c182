import type { SpeechSegment } from '@reelsmith/proto/http';
import { pcm16k, toastMedia } from '../../../../test/support/speech-media';
import { segmentsOf, VAD_SAMPLE_RATE, VoiceActivity } from './vad';

jest.setTimeout(60_000);

const overlap = (a: SpeechSegment, b: { start: number; end: number }) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

describe('VoiceActivity (Silero VAD) on espeak-ng speech', () => {
  const toast = toastMedia();
  let segments: SpeechSegment[];

  beforeAll(async () => {
    segments = await new VoiceActivity().detect(pcm16k(toast.wav));
  });

  test('finds each spoken sentence, covering most of it', () => {
    for (const phrase of toast.phrases) {
      const covered = segments.reduce((sum, s) => sum + overlap(s, phrase), 0);
      expect({ phrase: phrase.text, covered: covered / (phrase.end - phrase.start) > 0.9 }).toEqual({ phrase: phrase.text, covered: true });
    }
  });

  test('a sentence is one segment: no segment ends inside a phrase', () => {
    for (const s of segments) {
      const inside = toast.phrases.find((p) => s.end > p.start + 0.15 && s.end < p.end - 0.15);
      expect(inside).toBeUndefined();
    }
  });

  test('the pauses between sentences and the applause are not speech', () => {
    const pauses = toast.phrases.slice(0, -1).map((p, i) => ({ start: p.end + 0.15, end: toast.phrases[i + 1].start - 0.15 }));
    for (const pause of pauses) expect(segments.filter((s) => overlap(s, pause) > 0)).toEqual([]);
    const speechInApplause = segments.reduce((sum, s) => sum + overlap(s, toast.applause), 0);
    expect(speechInApplause).toBeLessThan(0.3);
  });

  test('silence and quiet noise give no segments', async () => {
    const quiet = new Float32Array(VAD_SAMPLE_RATE * 3).map((_, i) => 0.001 * Math.sin(i * 12.9898));
    expect(await new VoiceActivity().detect(quiet)).toEqual([]);
    expect(await new VoiceActivity().detect(new Float32Array(0))).toEqual([]);
  });
});

describe('segmentsOf', () => {
  const w = 0.1;
  test('merges short gaps, drops short bursts, pads within the audio', () => {
    const p = [0, 0.9, 0.9, 0.2, 0.9, 0.9, 0, 0, 0, 0, 0.9, 0, 0, 0, 0, 0.8, 0.8, 0.8, 0.8];
    const settings = { onThreshold: 0.5, offThreshold: 0.35, mergeGapSeconds: 0.3, padSeconds: 0.05, minSpeechSeconds: 0.2 };
    expect(segmentsOf(p, w, 1.9, settings)).toEqual([
      { start: 0.05, end: 0.65 },
      { start: 1.45, end: 1.9 },
    ]);
  });

  test('hysteresis: a dip that stays above the off threshold does not end speech', () => {
    const p = [0.9, 0.9, 0.4, 0.4, 0.4, 0.9, 0.9];
    expect(segmentsOf(p, w, 0.7, { onThreshold: 0.5, offThreshold: 0.35, mergeGapSeconds: 0, padSeconds: 0, minSpeechSeconds: 0 })).toEqual([
      { start: 0, end: 0.7 },
    ]);
  });
});
