import { YOUR_PICK } from '@reelsmith/proto/http';
import type { Analysis } from './analysis';
import { planReel } from './reel-plan';
import { CROSSFADE_SECONDS } from './selection';
import { reelSeconds } from './your-picks';

const STEP = 0.2;

interface Span {
  start: number;
  end: number;
}

/** Calm footage with loud, busy events at the given seconds, cuts and (optionally) speech segments. */
function footage(duration: number, events: Span[], cuts: number[], speech?: Span[]): Analysis {
  const n = Math.round(duration / STEP);
  const at = (i: number) => events.some((e) => i * STEP >= e.start && i * STEP < e.end);
  const fill = (f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i));
  return {
    version: 6,
    step: STEP,
    duration,
    hasAudio: true,
    loudness: fill((i) => (at(i) ? -12 : -38 + ((i * 7919) % 13) / 6)),
    flux: fill((i) => (at(i) ? 0.02 : 0.002)),
    flatness: fill((i) => (at(i) ? 0.7 : 0.1)),
    crest: fill((i) => (at(i) ? 3.5 : 6)),
    voiceBand: fill(() => 0.4),
    tonality: fill(() => 0.3),
    modulation: fill(() => 2),
    variation: fill(() => 0.05),
    motion: fill((i) => (at(i) ? 0.6 : 0.02)),
    subjectMotion: fill((i) => (at(i) ? 0.6 : 0.02)),
    cameraMotion: fill(() => 0),
    difference: fill((i) => (at(i) ? 30 : 2)),
    motionCenter: fill(() => 0.5),
    histogramDelta: fill(() => 0.01),
    sharpness: fill(() => 20),
    brightness: fill(() => 120),
    clipped: fill(() => 0),
    cuts,
    ...(speech ? { speech } : {}),
  };
}

/** A small seeded generator, so a failing case can be replayed. */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
  return { next, between: (a: number, b: number) => a + next() * (b - a) };
}

/** Up to `count` ranges in [0, duration), not overlapping each other nor `avoid`, each 0.5..maxLength long. */
function ranges(r: ReturnType<typeof random>, duration: number, count: number, maxLength: number, avoid: Span[] = []): Span[] {
  const out: Span[] = [];
  for (let tries = 0; out.length < count && tries < 50; tries++) {
    const start = Math.round(r.between(0, duration - 1) * 100) / 100;
    const end = Math.round(Math.min(duration, start + r.between(0.5, maxLength)) * 100) / 100;
    const span = { start, end };
    if (![...out, ...avoid].some((o) => o.start < span.end && span.start < o.end)) out.push(span);
  }
  return out.sort((a, b) => a.start - b.start);
}

const covers = (moments: Span[], r: Span) => moments.some((m) => m.start <= r.start + 0.005 && m.end >= r.end - 0.005);
const touches = (m: Span, e: Span) => m.start < e.end - 0.001 && e.start < m.end - 0.001;

describe('planReel with marked ranges', () => {
  const analysis = footage(
    120,
    [
      { start: 20, end: 25 },
      { start: 60, end: 65 },
      { start: 100, end: 104 },
    ],
    [10, 30, 45, 58.4, 70, 90],
  );

  it('puts a low-scoring include in the reel as your pick, snapped out to the cuts within reach', () => {
    const plan = planReel(analysis, { preset: 'auto', target: 30, marked: { include: [{ start: 11, end: 16 }], exclude: [] } });
    const pick = plan.moments.find((m) => m.reasons[0] === YOUR_PICK);
    expect(pick).toMatchObject({ start: 10, end: 16 });
    expect(pick!.score).toBeLessThan(0.2);
    // The engine fills the rest with the planted events.
    expect(plan.moments.length).toBeGreaterThan(1);
    expect(reelSeconds(plan.moments)).toBeLessThanOrEqual(30.05);
    expect(plan.summary).toMatch(/^\d+ moments: your pick, /);
  });

  it('keeps an excluded event out of the reel, even where it is the strongest', () => {
    const free = planReel(analysis, { preset: 'auto', target: 15 });
    expect(free.moments.some((m) => touches(m, { start: 60, end: 65 }))).toBe(true);
    const plan = planReel(analysis, { preset: 'auto', target: 15, marked: { include: [], exclude: [{ start: 58.4, end: 70 }] } });
    expect(plan.moments.length).toBeGreaterThan(0);
    expect(plan.moments.some((m) => touches(m, { start: 58.4, end: 70 }))).toBe(false);
  });

  it('moves a pick out of a phrase it starts or ends in, but never into an excluded range', () => {
    const talk = footage(
      60,
      [{ start: 40, end: 44 }],
      [],
      [
        { start: 4, end: 9 },
        { start: 14.5, end: 16 },
      ],
    );
    const plan = planReel(talk, { preset: 'auto', target: 15, marked: { include: [{ start: 5, end: 15 }], exclude: [{ start: 2, end: 4.5 }] } });
    const pick = plan.moments.find((m) => m.reasons[0] === YOUR_PICK)!;
    expect(pick).toMatchObject({ start: 4.5, end: 16 });
  });

  it('widens a very short pick to a moment', () => {
    const plan = planReel(analysis, { preset: 'auto', target: 15, marked: { include: [{ start: 50, end: 50.5 }], exclude: [] } });
    const pick = plan.moments.find((m) => m.reasons[0] === YOUR_PICK)!;
    expect(pick.end - pick.start).toBeGreaterThanOrEqual(2.5 - 0.01);
    expect(covers([pick], { start: 50, end: 50.5 })).toBe(true);
  });

  it('over random footage and ranges: every include covered, no exclude touched, moments apart and within the target', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const r = random(seed);
      const duration = Math.round(r.between(40, 240));
      const events = ranges(r, duration, Math.floor(r.between(1, 6)), 6);
      const cuts = Array.from({ length: Math.floor(r.between(0, 12)) }, () => Math.round(r.between(1, duration - 1) * 100) / 100);
      const speech = r.next() < 0.5 ? ranges(r, duration, 6, 5) : undefined;
      const target = [15, 30, 60][Math.floor(r.between(0, 3))];
      const include = ranges(r, duration, Math.floor(r.between(0, 4)), target / 4);
      const exclude = ranges(r, duration, Math.floor(r.between(0, 4)), 20, include);
      const beats = r.next() < 0.3 ? Array.from({ length: 200 }, (_, i) => i * 0.5) : undefined;
      const plan = planReel(footage(duration, events, cuts, speech), { preset: 'auto', target, beats, marked: { include, exclude } });
      const context = JSON.stringify({ seed, include, exclude, moments: plan.moments.map((m) => [m.start, m.end, m.reasons[0]]) });
      for (const range of include) expect({ covered: covers(plan.moments, range), context }).toEqual({ covered: true, context });
      for (const range of exclude) expect({ touched: plan.moments.some((m) => touches(m, range)), context }).toEqual({ touched: false, context });
      plan.moments.forEach((m, i) => {
        expect(m.end).toBeGreaterThan(m.start);
        if (i > 0) expect({ apart: m.start >= plan.moments[i - 1].end - 1e-6, context }).toEqual({ apart: true, context });
      });
      const picks = plan.moments.filter((m) => m.reasons[0] === YOUR_PICK);
      if (include.length) expect(picks.length).toBeGreaterThan(0);
      // The engine's own moments never push the reel past the target (picks alone can, by their snapping).
      if (plan.moments.length > picks.length) expect(reelSeconds(plan.moments)).toBeLessThanOrEqual(target + CROSSFADE_SECONDS + 0.05 + (beats ? 1 : 0));
    }
  });
});
