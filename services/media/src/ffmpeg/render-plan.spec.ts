import { planSeed, randomBeats, randomMoments, seededRandom } from '../../test/random-plans';
import { snapToBeats } from '../analysis/beats';
import { reelLength, renderArgs, type RenderSpec } from './args';
import { MIN_PIECE_SECONDS, validCrossfade, validMoments, validRenderPlan } from './render-plan';

const spec = (moments: RenderSpec['moments'], extra: Partial<RenderSpec> = {}): RenderSpec => ({
  source: 'src.mp4',
  hasAudio: true,
  quality: '480p',
  format: 'mp4',
  aspect: '16:9',
  crossfade: 0.4,
  output: 'reel.mp4',
  moments,
  ...extra,
});

describe('validMoments', () => {
  it('leaves valid moments as they are', () => {
    // 2.3 - 1.3 is a hair under 1 s in floating point: still 1 s.
    const moments = [
      { start: 1.3, end: 2.3, score: 0.5 },
      { start: 2.3, end: 4.2, score: 0.7 },
      { start: 5, end: 7, score: 0 },
    ];
    expect(validMoments(moments, 10)).toEqual(moments);
  });

  it('grows a collapsed moment to the minimum, back from the end of the source when it must', () => {
    expect(validMoments([{ start: 9.733, end: 9.732 }], 20)).toEqual([{ start: 9.733, end: 9.733 + MIN_PIECE_SECONDS }]);
    expect(validMoments([{ start: 9.8, end: 12 }], 10)).toEqual([{ start: 9, end: 10 }]);
    // A source shorter than the minimum: all of it.
    expect(validMoments([{ start: 0.2, end: 0.3 }], 0.6)).toEqual([{ start: 0, end: 0.6 }]);
  });

  it('puts moments in story order and makes overlapping ones one', () => {
    expect(
      validMoments(
        [
          { start: 6, end: 8 },
          { start: 1, end: 3 },
          { start: 2, end: 4 },
        ],
        10,
      ),
    ).toEqual([
      { start: 1, end: 4 },
      { start: 6, end: 8 },
    ]);
  });
});

describe('validCrossfade', () => {
  it('shortens the crossfade only for a piece too short for both its fades', () => {
    expect(
      validCrossfade(
        [
          { start: 0, end: 4 },
          { start: 5, end: 6 },
        ],
        0.4,
      ),
    ).toBe(0.4);
    expect(
      validCrossfade(
        [
          { start: 0, end: 4 },
          { start: 5, end: 6 },
        ],
        0.6,
      ),
    ).toBe(0.4);
    expect(validCrossfade([{ start: 0, end: 0.5 }], 0.6)).toBe(0.6);
  });
});

/** Every trim of the graph as [start, end] (sample counts for atrim, seconds for trim; start 0 when unsaid). */
function trims(graph: string): Array<[number, number]> {
  return [...graph.matchAll(/\b(a?trim)=((?:[a-z_]+=-?[\d.]+:?)+)/g)].map(([, , params]) => {
    const values = Object.fromEntries(
      params
        .split(':')
        .map((p) => p.split('='))
        .map(([k, v]) => [k, Number(v)]),
    );
    return [values.start ?? values.start_sample ?? 0, values.end ?? values.end_sample];
  });
}

describe('render plans for random moments', () => {
  it('always give pieces of at least the minimum inside the source, and graphs without a negative or empty trim', () => {
    const seed = planSeed();
    const random = seededRandom(seed);
    for (let n = 0; n < 500; n++) {
      const duration = random() < 0.1 ? 0.2 + random() : 1 + random() * 40;
      const cuts = Array.from({ length: Math.floor(random() * 6) }, () => Math.round(random() * duration * 30) / 30).sort((a, b) => a - b);
      let moments = randomMoments(random, duration, cuts, 6);
      const music = random() < 0.5;
      if (music) moments = snapToBeats(moments, randomBeats(random), cuts);
      const requested = spec(moments, {
        sourceDuration: duration,
        crossfade: 0.2 + random() * 0.6,
        hasAudio: random() < 0.7,
        aspect: random() < 0.5 ? '16:9' : '9:16',
        music: music ? { source: 'music.mp3', loudness: -14 } : undefined,
      });
      const plan = validRenderPlan(requested);
      const args = renderArgs(requested);
      const graph = args[args.indexOf('-filter_complex') + 1];
      const min = Math.min(MIN_PIECE_SECONDS, duration) - 1e-6;
      const problems = [
        plan.moments.some((m) => m.start < 0 || m.end > duration || m.end - m.start < min) && 'a piece too short or outside the source',
        plan.moments.some((m, i) => i > 0 && m.start < plan.moments[i - 1].end - 1e-6) && 'pieces out of order or overlapping',
        plan.moments.length > 1 &&
          (plan.crossfade <= 0 || plan.moments.some((m) => m.end - m.start < 2 * plan.crossfade + 0.2 - 1e-9)) &&
          'a crossfade the pieces cannot hold',
        JSON.stringify(validRenderPlan(plan)) !== JSON.stringify(plan) && 'a plan that changes when made valid again',
        args.some((a) => a.includes('NaN') || a.includes('Infinity')) && 'NaN or Infinity in the arguments',
        trims(graph).some(([start, end]) => !(start >= 0 && end > start)) && 'a negative or empty trim',
        args[args.lastIndexOf('-t') + 1] !== reelLength(plan).toFixed(3) && 'an output length other than the plan',
      ].filter(Boolean);
      if (problems.length) {
        throw new Error(
          `seed ${seed}, case ${n}: ${problems.join('; ')}\nrequested ${JSON.stringify({ duration, crossfade: requested.crossfade, moments: moments.map((m) => [m.start, m.end]) })}\nplan ${JSON.stringify(plan.moments.map((m) => [m.start, m.end]))}`,
        );
      }
    }
  });
});
