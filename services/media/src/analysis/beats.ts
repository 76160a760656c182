import { CROSSFADE_SECONDS, floorMs, MIN_MOMENT, type Moment, round2 } from './selection';

/** A boundary further than this from every beat stays where it is. */
const BEAT_REACH = 0.6;

/**
 * With music, moves each moment's end so that the cut to the next moment falls on a beat of the
 * track (moments keep their start; lengths change by at most BEAT_REACH). No moment is shortened
 * below MIN_MOMENT (nor one already shorter), and none grows into the next one or across a cut
 * into another shot (not even by a frame).
 */
export function snapToBeats(moments: Moment[], beats: number[], cuts: number[] = [], speech: Array<{ start: number; end: number }> = []): Moment[] {
  if (beats.length < 2) return moments;
  const sortedCuts = [...cuts].sort((a, b) => a - b);
  let reelTime = 0;
  return moments.map((m, i) => {
    const length = m.end - m.start;
    const boundary = reelTime + length;
    const beat = beats.reduce((best, b) => (Math.abs(b - boundary) < Math.abs(best - boundary) ? b : best), beats[0]);
    const last = i === moments.length - 1;
    const snapped = last || Math.abs(beat - boundary) > BEAT_REACH ? m.end : snappedEnd(m, m.start + beat - reelTime, moments[i + 1], sortedCuts);
    // A beat is never worth a cut word: the end stays out of phrases and their crossfade.
    const end = cutsPhrase(snapped, speech) ? m.end : snapped;
    reelTime += end - m.start - CROSSFADE_SECONDS;
    return end === m.end ? m : { ...m, end };
  });
}

/** Whether an end there would fall inside a phrase or fade one of its words out. */
function cutsPhrase(end: number, speech: Array<{ start: number; end: number }>): boolean {
  return speech.some((s) => s.start < end - 0.02 && s.end > end - CROSSFADE_SECONDS + 0.02);
}

/** The end a moment can take nearest to `wanted`, within the limits of snapToBeats. */
function snappedEnd(m: Moment, wanted: number, next: Moment | undefined, cuts: number[]): number {
  // A cut at the moment's own start (which frameExact rounds down, so the cut lies a hair after it)
  // or inside it is not in the way: only the first cut after its end is.
  const nextCut = cuts.find((c) => c > m.end);
  const limit = Math.min(next?.start ?? Infinity, nextCut !== undefined ? floorMs(nextCut - 0.001) : Infinity);
  const earliest = m.start + Math.min(m.end - m.start, MIN_MOMENT);
  const latest = Math.max(m.end, limit);
  return Math.min(latest, Math.max(earliest, round2(wanted)));
}
