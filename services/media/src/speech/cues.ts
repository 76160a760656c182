import { CAPTION_LINE_CHARS, CAPTION_MAX_LINES } from '@reelsmith/proto/http';
import type { TimedWord } from './reel-time';

/** A pause between words longer than this ends a phrase (and so a caption). */
export const PHRASE_PAUSE_SECONDS = 0.35;
/** A caption stays up at least this long (when the next one leaves it the time). */
export const MIN_CUE_SECONDS = 0.7;

/** One caption (or subtitle cue): its lines of words, shown from start to end. */
export interface Cue {
  start: number;
  end: number;
  lines: TimedWord[][];
}

/**
 * Captions from timed words: each phrase (the transcript's, or words between pauses over
 * PHRASE_PAUSE_SECONDS) is cut into cues of at most CAPTION_MAX_LINES lines of at most `lineChars`
 * characters, lines balanced. A cue lasts its words' span, at least MIN_CUE_SECONDS when the next
 * cue leaves the time, and never overlaps the next.
 */
export function buildCues(words: readonly TimedWord[], lineChars = CAPTION_LINE_CHARS): Cue[] {
  const cues = phrases(words.filter((w) => w.text.trim() !== '' && w.end > w.start)).flatMap((phrase) => chunks(phrase, lineChars));
  const timed = cues.map((lines, i) => {
    const flat = lines.flat();
    const start = flat[0].start;
    const next = cues[i + 1]?.[0]?.[0]?.start ?? Infinity;
    return { start, end: Math.min(Math.max(flat[flat.length - 1].end, start + MIN_CUE_SECONDS), next), lines };
  });
  // Words of two moments overlap in a crossfade: the earlier caption gives way, and one with no time left goes.
  return timed.filter((cue) => cue.end - cue.start >= 0.05);
}

function phrases(words: readonly TimedWord[]): TimedWord[][] {
  const sorted = [...words].sort((a, b) => a.start - b.start);
  const out: TimedWord[][] = [];
  let current: TimedWord[] = [];
  sorted.forEach((w, i) => {
    current.push(w);
    const next = sorted[i + 1];
    if (!next || w.phraseEnd || next.start - w.end > PHRASE_PAUSE_SECONDS) {
      out.push(current);
      current = [];
    }
  });
  return out;
}

const textOf = (words: readonly TimedWord[]) => words.map((w) => w.text.trim()).join(' ');

/** A phrase as cues: greedily filled to the line limit, then each cue's words balanced over its lines. */
function chunks(phrase: TimedWord[], lineChars: number): TimedWord[][][] {
  const cues: TimedWord[][][] = [];
  let lines: TimedWord[][] = [[]];
  for (const word of phrase) {
    const line = lines[lines.length - 1];
    if (line.length === 0 || textOf([...line, word]).length <= lineChars) {
      line.push(word);
    } else if (lines.length < CAPTION_MAX_LINES) {
      lines.push([word]);
    } else {
      cues.push(lines);
      lines = [[word]];
    }
  }
  if (lines[0].length) cues.push(lines);
  return cues.map((cue) => balanced(cue.flat(), lineChars));
}

/** Two lines as even as they can be within the limit (one line when that is all it needs). */
function balanced(words: TimedWord[], lineChars: number): TimedWord[][] {
  if (textOf(words).length <= lineChars || words.length < 2) return [words];
  let best = 1;
  let bestLongest = Infinity;
  for (let k = 1; k < words.length; k++) {
    const longest = Math.max(textOf(words.slice(0, k)).length, textOf(words.slice(k)).length);
    if (longest < bestLongest) {
      best = k;
      bestLongest = longest;
    }
  }
  return [words.slice(0, best), words.slice(best)];
}
