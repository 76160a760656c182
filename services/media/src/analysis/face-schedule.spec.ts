import { FaceSampler } from './face-sampler';
import { BLOCK_SECONDS, BLOCKS_AHEAD, FaceSchedule, type Look, lookPlan } from './face-schedule';

/** A tiny frame whose every byte is `level`. */
const frame = (level: number) => new Uint8Array(31 * 12).fill(level);

/** A seeded pseudo-random generator (mulberry32), so a failing run can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A video of `seconds` frames with a cut every 7 s and a slow pan inside each shot, in batches of random size at random times. */
async function* decoded(seconds: number, next: () => number): AsyncIterable<Uint8Array[]> {
  const levels = Array.from({ length: seconds }, (_, s) => ((Math.floor(s / 7) * 97) % 200) + (s % 7) * 6);
  for (let s = 0; s < seconds;) {
    const size = 1 + Math.floor(next() * 5);
    yield levels.slice(s, s + size).map(frame);
    s += size;
    await pause(next() * 3);
  }
}

/** Runs the schedule over the video with a detector as slow as `delays` says; returns what it looked at and the faces it gave each second. */
async function run(seconds: number, timing: () => number) {
  const sampler = new FaceSampler(16);
  const looks: string[] = [];
  let mostWaiting = 0;
  const look: Look = async (rgb, { subjects }) => {
    await pause(timing() * 6);
    looks.push(`${rgb[0]}${subjects ? '+subjects' : ''}`);
    mostWaiting = Math.max(mostWaiting, sampler.waiting);
    return { count: rgb[0] % 3, center: rgb[0] / 255, ...(subjects ? { subject: rgb[0] % 2 ? { label: 'dog', score: 0.7, center: 0.5 } : null } : {}) };
  };
  const schedule = new FaceSchedule(sampler, seconds, look);
  const cuts = Array.from({ length: Math.floor((seconds - 1) / 7) }, (_, i) => 7 * (i + 1));
  const reading = schedule.read(decoded(seconds, timing));
  await Promise.all([reading, schedule.detect(reading.then(() => cuts))]);
  return { looks, faces: sampler.result(cuts), mostWaiting };
}

describe('FaceSchedule: the seconds the detector looks at depend on the video alone', () => {
  it('gives the same looks and the same faces however fast the decode and the detector run', async () => {
    const first = await run(60, random(1));
    const second = await run(60, random(2));
    const third = await run(60, () => 0);
    expect(second.looks).toEqual(first.looks);
    expect(third.looks).toEqual(first.looks);
    expect(second.faces).toEqual(first.faces);
    expect(first.faces).toHaveLength(60);
  });

  it('looks about as often as its plan says, and keeps few frames waiting while the decode reads ahead', async () => {
    const { looks, mostWaiting } = await run(60, random(3));
    const plan = lookPlan(60);
    // Half the seconds, give or take the frames that look like one already seen, and a look at each shot left unseen.
    expect(looks.length).toBeGreaterThanOrEqual(20);
    expect(looks.length).toBeLessThanOrEqual(60 * plan.faceLooksPerSecond + 60 / 7 + plan.subjectBudget);
    expect(looks.filter((l) => l.endsWith('+subjects')).length).toBeLessThanOrEqual(plan.subjectBudget);
    // The sampler's 16, and the blocks read ahead of the detector.
    expect(mostWaiting).toBeLessThanOrEqual(16 + (BLOCKS_AHEAD + 1) * BLOCK_SECONDS);
  });

  it('lets the reader finish when the detector stops early', async () => {
    const sampler = new FaceSampler(4);
    const schedule = new FaceSchedule(sampler, 100, async () => {
      throw new Error('detector gone');
    });
    const reading = schedule.read(decoded(100, () => 0));
    await expect(schedule.detect(reading.then(() => []))).rejects.toThrow('detector gone');
    await reading;
    expect(sampler.added).toBe(100);
  });

  it('looks at long videos less often per second, and for subjects spaced out so they cost about the same from two minutes on', () => {
    expect(lookPlan(120)).toEqual({ faceLooksPerSecond: 0.5, subjectSpacing: 4, subjectBudget: 45 });
    expect(lookPlan(600)).toEqual({ faceLooksPerSecond: 0.25, subjectSpacing: 20, subjectBudget: 45 });
    expect(lookPlan(3600)).toEqual({ faceLooksPerSecond: 0.1, subjectSpacing: 120, subjectBudget: 45 });
    expect(lookPlan(2).subjectBudget).toBe(3);
  });
});
