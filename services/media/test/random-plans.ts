import { createRandom } from '@reelsmith/kit';
import { frameExact, type Moment } from '../src/analysis/selection';

/** A seeded random source: the same seed gives the same cases, so a failure reproduces. */
export const seededRandom = (seed: number): (() => number) => createRandom(seed).next;

/** The seed of a run: RENDER_PLAN_SEED when set (to replay a failure), else a fixed one. */
export const planSeed = () => Number(process.env.RENDER_PLAN_SEED ?? 20261125);

const KINDS = ['normal', 'tiny', 'collapsed', 'touching', 'overlapping', 'at the end', 'past the end', 'on a cut'] as const;

/**
 * One to `most` moments of a source of `duration` seconds, of every kind that has broken renders:
 * tiny, collapsed (end before start), touching or overlapping the one before, at or past the very
 * end, starting on a cut rounded down to the millisecond (as frameExact does); now and then out of order.
 */
export function randomMoments(random: () => number, duration: number, cuts: number[] = [], most = 4): Moment[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const count = 1 + Math.floor(random() * most);
  const moments: Moment[] = [];
  for (let i = 0; i < count; i++) {
    const before = moments[moments.length - 1];
    const start = random() * duration;
    const length = 0.5 + random() * 2.5;
    const range = ((): [number, number] => {
      switch (pick(KINDS)) {
        case 'tiny':
          return [start, start + random() * 0.3];
        case 'collapsed':
          return [start, start - 0.001];
        case 'touching':
          return before ? [before.end, before.end + length] : [start, start + length];
        case 'overlapping':
          return before ? [before.start + random() * (before.end - before.start), before.end + length] : [start, start + length];
        case 'at the end':
          return [Math.max(0, duration - random() * 1.5), duration];
        case 'past the end':
          return [duration - 1 + random() * 2, duration + random() * 2];
        case 'on a cut': {
          if (cuts.length === 0) return [start, start + length];
          const k = Math.floor(random() * cuts.length);
          const shot = frameExact({ start: cuts[k], end: cuts[k + 1] ?? duration }, cuts);
          return [shot.start, shot.end];
        }
        default:
          return [start, Math.min(duration, start + length)];
      }
    })();
    moments.push({ start: round3(range[0]), end: round3(range[1]), score: random(), reasons: [] });
  }
  return random() < 0.2 ? moments.reverse() : moments;
}

/** Beats of a track: a steady grid of 60 to 180 bpm from a random offset, 60 s long. */
export function randomBeats(random: () => number): number[] {
  const interval = 60 / (60 + random() * 120);
  const offset = random() * interval;
  return Array.from({ length: Math.ceil(60 / interval) }, (_, i) => round3(offset + i * interval));
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
