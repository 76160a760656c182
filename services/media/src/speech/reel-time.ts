import type { TranscriptJson, TranscriptWord } from '@reelsmith/proto/http';

interface Span {
  start: number;
  end: number;
}

/** A word on some clock (the source's or the reel's); `phraseEnd`: a caption may end after it. */
export interface TimedWord extends TranscriptWord {
  phraseEnd?: boolean;
}

/**
 * Where each moment starts on the reel's clock: moments are joined end to start, each join's
 * crossfade overlapping the two (as renderArgs joins them).
 */
export function momentOffsets(moments: readonly Span[], crossfade: number): number[] {
  const offsets: number[] = [];
  let at = 0;
  for (const m of moments) {
    offsets.push(at);
    at += m.end - m.start - crossfade;
  }
  return offsets;
}

/**
 * A source time on the reel's clock: in the first moment (story order) that holds it; null when no
 * moment does.
 */
export function toReelTime(t: number, moments: readonly Span[], crossfade: number): number | null {
  const offsets = momentOffsets(moments, crossfade);
  const i = moments.findIndex((m) => t >= m.start && t <= m.end);
  return i < 0 ? null : offsets[i] + (t - moments[i].start);
}

/**
 * The words a reel shows, on its clock: a word belongs to the moment that holds its middle, clipped
 * to the moment's edges. The last word of each moment ends a phrase (the next one is another scene).
 */
export function wordsInReel(words: readonly TimedWord[], moments: readonly Span[], crossfade: number): TimedWord[] {
  const offsets = momentOffsets(moments, crossfade);
  return moments.flatMap((m, i) => {
    const inside = words.filter((w) => {
      const middle = (w.start + w.end) / 2;
      return middle >= m.start && middle < m.end;
    });
    return inside.map((w, k) => ({
      text: w.text,
      start: round3(offsets[i] + Math.max(w.start, m.start) - m.start),
      end: round3(offsets[i] + Math.min(w.end, m.end) - m.start),
      phraseEnd: k === inside.length - 1 || w.phraseEnd === true,
    }));
  });
}

/** A transcript's words with the ends of its phrases marked (the transcriber's phrases: pauses). */
export function transcriptWords(transcript: Pick<TranscriptJson, 'words' | 'phrases'>): TimedWord[] {
  const ends = new Set(transcript.phrases.map((p) => p.to - 1));
  return transcript.words.map((w, i) => ({ text: w.text, start: w.start, end: w.end, phraseEnd: ends.has(i) }));
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
