import {
  blendResidual,
  type Candidate,
  compare,
  fadesAt,
  hardCuts,
  pictureOf,
  refineSeconds,
  shiftedStructure,
  ShotTracker,
  standsOut,
  type TimedPicture,
  withinBudget,
} from './shots';

const W = 48;
const H = 27;

/** A textured RGB picture: a pattern chosen by `seed`, lit by `gain` and `lift`, shifted by `dx`. */
function picture(seed: number, { gain = 1, lift = 0, dx = 0, tint = [1, 1, 1] }: { gain?: number; lift?: number; dx?: number; tint?: number[] } = {}) {
  const rgb = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const u = x + dx;
      const v =
        128 + 60 * Math.sin(u * (0.3 + seed * 0.17) + seed) * Math.cos(y * (0.25 + seed * 0.11) - seed * 2) + 30 * Math.sin((u + y) * 0.05 * (seed + 1));
      for (let c = 0; c < 3; c++) rgb[3 * (y * W + x) + c] = Math.max(0, Math.min(255, Math.round((v * gain + lift) * tint[c])));
    }
  }
  return pictureOf(rgb, W, H);
}

const frames = (list: ReturnType<typeof picture>[], rate = 30): TimedPicture[] => list.map((p, i) => ({ time: i / rate, picture: p }));

describe('picture comparison', () => {
  it('sees the same structure under other light, and another structure after a cut', () => {
    const room = picture(1);
    expect(compare(room, picture(1, { gain: 1.4, lift: 30 })).structure).toBeLessThan(0.05);
    expect(compare(room, picture(3)).structure).toBeGreaterThan(0.5);
  });

  it('explains a pan by a shift, not a cut', () => {
    expect(shiftedStructure(picture(2), picture(2, { dx: 6 }))).toBeLessThan(0.1);
    expect(shiftedStructure(picture(2), picture(4))).toBeGreaterThan(0.3);
  });

  it('finds a dissolve frame to be a mix of both ends, and a third picture not', () => {
    const a = picture(1);
    const b = picture(3);
    const mix = pictureOf(
      Uint8Array.from({ length: W * H * 3 }, (_, i) => {
        const ya = a.luma[Math.floor(i / 3)];
        const yb = b.luma[Math.floor(i / 3)];
        return Math.round(0.5 * ya + 0.5 * yb);
      }),
      W,
      H,
    );
    expect(blendResidual(a, mix, b)).toBeLessThan(0.1);
    expect(blendResidual(a, picture(5), b)).toBeGreaterThan(0.35);
  });
});

describe('standsOut', () => {
  it('measures a change against the quieter side, and above the busier one', () => {
    expect(standsOut(0.9, [0.02, 0.03, 0.02], [0.6, 0.5, 0.55], 3)).toBe(true);
    expect(standsOut(0.6, [0.02, 0.03, 0.02], [0.6, 0.5, 0.55], 3)).toBe(false);
    expect(standsOut(0.3, [0.15, 0.12], [0.14, 0.13], 3)).toBe(false);
  });
});

describe('hardCuts', () => {
  const shot = (seed: number, n: number, wobble = 0) => Array.from({ length: n }, (_, i) => picture(seed, { dx: (i % 3) * wobble }));

  it('gives the time of the first frame of the new shot', () => {
    const cuts = hardCuts(frames([...shot(1, 20, 1), ...shot(3, 20, 1)]));
    expect(cuts).toEqual([20 / 30]);
  });

  it('takes a light switching on for no cut', () => {
    const list = [...shot(1, 15, 1), ...Array.from({ length: 15 }, (_, i) => picture(1, { gain: 1.3, lift: 25, dx: i % 3, tint: [1.1, 1, 0.8] }))];
    expect(hardCuts(frames(list))).toEqual([]);
  });

  it('takes a flash (white frames, then the same shot) for no cut', () => {
    const white = pictureOf(new Uint8Array(W * H * 3).fill(250), W, H);
    const bright = picture(1, { gain: 1.6, lift: 60 });
    const list = [...shot(1, 12, 1), white, white, ...shot(1, 10, 1), bright, bright, ...shot(1, 10, 1)];
    expect(hardCuts(frames(list))).toEqual([]);
  });

  it('steps over repeated frames (a 24 to 30 fps conversion) in fast motion', () => {
    const list: ReturnType<typeof picture>[] = [];
    for (let i = 0; i < 40; i++) list.push(picture(2, { dx: Math.floor(i - i / 5) * 2 }));
    expect(hardCuts(frames(list))).toEqual([]);
  });

  it('finds a jump cut: the still scene moved by a sixth of the frame in one frame, still again after', () => {
    // A flicker of one grey level, as a camera's noise: the frames are not repeats of each other.
    const list = [
      ...Array.from({ length: 15 }, (_, i) => picture(2, { lift: i % 2 })),
      ...Array.from({ length: 15 }, (_, i) => picture(2, { dx: 8, lift: i % 2 })),
    ];
    expect(hardCuts(frames(list))).toEqual([15 / 30]);
  });

  it('takes a pan whose speed jumps for a frame for no cut (the camera moves on the frames around)', () => {
    const offsets = [...Array.from({ length: 15 }, (_, i) => 2 * i), 38, ...Array.from({ length: 14 }, (_, i) => 40 + 2 * i)];
    expect(hardCuts(frames(offsets.map((dx) => picture(2, { dx }))))).toEqual([]);
  });

  it('finds shots of two frames in a fast edit', () => {
    const list = [...shot(1, 10), ...shot(3, 2), ...shot(5, 3), ...shot(7, 10)];
    expect(hardCuts(frames(list))).toEqual([10 / 30, 12 / 30, 15 / 30]);
  });
});

describe('withinBudget (which candidate cuts are refined)', () => {
  const candidate = (after: number, score: number): Candidate => ({ after, until: after + 0.2, score });

  it('counts the decoded seconds, overlapping windows once', () => {
    expect(refineSeconds([candidate(10, 1)])).toBeCloseTo(1.0, 5);
    expect(refineSeconds([candidate(10, 1), candidate(10.2, 1)])).toBeCloseTo(1.2, 5);
    expect(refineSeconds([candidate(10, 1), candidate(20, 1)])).toBeCloseTo(2.0, 5);
  });

  it('keeps every candidate of a fast-cut edit: 30 cuts 0.2 s apart share one window', () => {
    const fast = Array.from({ length: 30 }, (_, i) => candidate(1 + 0.2 * i, 1));
    expect(withinBudget(fast, 12)).toEqual(fast);
  });

  it('keeps the strongest scattered candidates of a shaky clip, in time order', () => {
    const scattered = Array.from({ length: 40 }, (_, i) => candidate(2 * i, i % 4 === 0 ? 0.9 : 0.3));
    const kept = withinBudget(scattered, 12);
    expect(kept).toHaveLength(12);
    expect(kept.filter((c) => c.score === 0.9)).toHaveLength(10);
    expect(kept.map((c) => c.after)).toEqual([...kept.map((c) => c.after)].sort((a, b) => a - b));
  });
});

describe('fadesAt (quick dips to and from black, on every frame)', () => {
  const black = picture(1, { gain: 0, lift: 2 });
  /** `n` frames of `seed` scaled from full light down to `to` (a fade seen frame by frame). */
  const fading = (seed: number, n: number, from: number, to: number, lift = 0) =>
    Array.from({ length: n }, (_, i) => picture(seed, { gain: from + ((to - from) * (i + 1)) / (n + 1), lift }));
  const times = (list: ReturnType<typeof picture>[]) => fadesAt(frames(list, 25));

  it('finds a 0.6 s dip to black between two shots once, inside the black', () => {
    const list = [...shot(1, 10), ...fading(1, 7, 1, 0), black, black, ...fading(3, 7, 0, 1), ...shot(3, 10)];
    const found = times(list);
    expect(found).toHaveLength(1);
    expect(found[0]).toBeGreaterThanOrEqual(17 / 25);
    expect(found[0]).toBeLessThanOrEqual(18 / 25);
  });

  it('takes a cut to black and a cut back for no fade', () => {
    expect(times([...shot(1, 10), black, black, black, ...shot(3, 10)])).toEqual([]);
  });

  it('finds a fade to black from a dark scene (a night shot keeps its contrast until it fades)', () => {
    const night = (i: number) => picture(2, { gain: 0.25, lift: -12, dx: i % 2 });
    const list = [...Array.from({ length: 10 }, (_, i) => night(i)), ...fading(2, 8, 0.25, 0, -12 * 0.5), black, black];
    expect(night(0).mean).toBeLessThan(25);
    expect(times(list)).toHaveLength(1);
  });

  function shot(seed: number, n: number) {
    return Array.from({ length: n }, () => picture(seed));
  }
});

describe('ShotTracker dissolves (5 fps)', () => {
  const mixOf = (a: ReturnType<typeof picture>, b: ReturnType<typeof picture>, alpha: number) =>
    pictureOf(
      Uint8Array.from({ length: W * H * 3 }, (_, i) => Math.round((1 - alpha) * a.luma[Math.floor(i / 3)] + alpha * b.luma[Math.floor(i / 3)])),
      W,
      H,
    );

  it('finds a slow dissolve (some of its 5 fps steps as small as a steady one) once, inside it', () => {
    const a = picture(1);
    const b = picture(4, { gain: 0.3, lift: 80 });
    const steps = 14;
    const list = [...Array(10).fill(a), ...Array.from({ length: steps }, (_, i) => mixOf(a, b, (i + 1) / (steps + 1))), ...Array(10).fill(b)];
    const tracker = new ShotTracker();
    list.forEach((p, i) => tracker.push(i / 5, p));
    // Some steps inside the dissolve look steady on their own.
    expect(list.slice(11, 24).some((p, i) => compare(list[10 + i], p).score < 0.08)).toBe(true);
    const { gradual } = tracker.finish();
    expect(gradual).toHaveLength(1);
    expect(gradual[0]).toBeGreaterThanOrEqual(9 / 5);
    expect(gradual[0]).toBeLessThanOrEqual(25 / 5);
  });
});
