import { FaceSampler } from './face-sampler';
import type { Subject } from './faces';

/** A 12x1 RGB "frame" of one grey level. */
const frame = (level: number) => new Uint8Array(36 * 31).fill(level);
/** One face at a horizontal centre; `subject` as the detector saw it (undefined: not looked for). */
const face = (center: number, subject?: Subject | null) => ({ count: 1, center, ...(subject === undefined ? {} : { subject }) });
/** A second as the sampler gives it: its faces, and its subject (null when none was seen in its shot). */
const seen = (center: number, subject: Subject | null = null) => ({ count: 1, center, subject });

describe('FaceSampler: which seconds the face detector looks at', () => {
  it('looks at every second when it keeps up, and skips those that look like a second already seen', () => {
    const sampler = new FaceSampler();
    const looked: number[] = [];
    for (const level of [10, 11, 80, 81, 160]) {
      sampler.add(frame(level));
      for (let next = sampler.next(); next; next = sampler.next()) {
        looked.push(next.second);
        sampler.record(next.second, next.rgb, face(next.second / 10));
      }
    }
    // Seconds 1 and 3 look like 0 and 2: settled without a detection, with their faces.
    expect(looked).toEqual([0, 2, 4]);
    expect(sampler.result()).toEqual([seen(0), seen(0), seen(0.2), seen(0.2), seen(0.4)]);
  });

  it('when it falls behind, spreads the seconds it looks at over the video, and fills the rest from the nearest', () => {
    const sampler = new FaceSampler(8);
    // A slow pan: each second a little brighter than the one before.
    for (let s = 0; s < 20; s++) sampler.add(frame(10 + s * 5));
    sampler.thin();
    // At most 8 wait; the detector then gets to three of them.
    expect(sampler.waiting).toBe(8);
    const looked: number[] = [];
    for (let k = 0; k < 3; k++) {
      const next = sampler.next()!;
      looked.push(next.second);
      sampler.record(next.second, next.rgb, face(next.second / 20));
    }
    looked.sort((a, b) => a - b);
    // Spread: one near each end and one near the middle.
    expect(looked[0]).toBeLessThanOrEqual(3);
    expect(looked[2]).toBeGreaterThanOrEqual(16);
    expect(looked[1]).toBeGreaterThanOrEqual(6);
    expect(looked[1]).toBeLessThanOrEqual(13);
    const result = sampler.result();
    expect(result).toHaveLength(20);
    // Each second has the faces of the nearest second looked at.
    for (let s = 0; s < 20; s++) {
      const nearest = looked.reduce((a, b) => (Math.abs(b - s) < Math.abs(a - s) ? b : a));
      expect(result[s]).toEqual(seen(nearest / 20));
    }
  });

  it('looks at another shot before more of the same one', () => {
    const sampler = new FaceSampler();
    for (let s = 0; s < 10; s++) sampler.add(frame(s < 6 ? 40 + (s % 2) : 200 - (s % 2)));
    const first = sampler.next()!;
    sampler.record(first.second, first.rgb, face(0.2));
    const second = sampler.next()!;
    sampler.record(second.second, second.rgb, face(0.8));
    expect([first.second, second.second >= 6]).toEqual([0, true]);
    // Every other second looks like one of those two: no more detections.
    expect(sampler.next()).toBeUndefined();
    expect(sampler.result()).toEqual([...Array(6).fill(seen(0.2)), ...Array(4).fill(seen(0.8))]);
  });

  it('once the cuts are known, looks once at each shot it has not seen, and fills each shot from its own seconds', () => {
    const sampler = new FaceSampler();
    // A slow pan, cut at 4 s and at 8 s; the detector only got to second 1.
    for (let s = 0; s < 12; s++) sampler.add(frame(20 + s * 10));
    const first = sampler.next()!;
    expect(first.second).toBe(0);
    sampler.record(0, first.rgb, face(0.1));
    const cuts = [4, 8];
    const looked: number[] = [];
    for (let next = sampler.nextInUnseenShot(cuts); next; next = sampler.nextInUnseenShot(cuts)) {
      looked.push(next.second);
      sampler.record(next.second, next.rgb, face(next.second / 10));
    }
    expect(looked).toEqual([6, 10]);
    expect(sampler.result(cuts)).toEqual(
      [...Array(4).fill(seen(0)), ...Array(4).fill(seen(0.6)), ...Array(4).fill(seen(1))].map((f, s) => (s < 4 ? seen(0.1) : f)),
    );
  });

  it('says there are no faces when nothing was looked at', () => {
    const sampler = new FaceSampler();
    sampler.add(frame(1));
    sampler.add(frame(2));
    expect(sampler.result()).toEqual([
      { count: 0, center: 0.5, subject: null },
      { count: 0, center: 0.5, subject: null },
    ]);
  });
});

describe('FaceSampler: where subjects (animals, vehicles, sports gear) are looked for', () => {
  const dog = { label: 'dog', score: 0.6, center: 0.3 };
  const airplane = { label: 'airplane', score: 0.8, center: 0.6 };

  it('gives each second the subject of the nearest second of its own shot looked for subjects, and null elsewhere', () => {
    const sampler = new FaceSampler();
    for (let s = 0; s < 12; s++) sampler.add(frame(s < 6 ? 10 + 40 * s : 250 - 5 * s));
    // Shot 1 (0-5): subjects looked for at 1 (a dog) and 4 (none); faces only at 3. Shot 2 (6-11): faces only.
    sampler.record(1, frame(50), face(0.5, dog));
    sampler.record(3, frame(130), face(0.5));
    sampler.record(4, frame(170), face(0.5, null));
    sampler.record(8, frame(210), face(0.5));
    const result = sampler.result([6]);
    expect(result.map((r) => r.subject)).toEqual([dog, dog, dog, null, null, null, null, null, null, null, null, null]);
  });

  it('once the cuts are known, looks for subjects where a shot has gone longest without a look', () => {
    const sampler = new FaceSampler();
    for (let s = 0; s < 14; s++) sampler.add(frame(10 + 15 * s));
    sampler.record(0, frame(10), face(0.5, null));
    sampler.record(6, frame(100), face(0.5, airplane));
    const cuts = [6];
    const picked: Array<number | undefined> = [];
    for (let k = 0; k < 4; k++) {
      const next = sampler.nextForSubjects(cuts, 2);
      picked.push(next?.second);
      if (next) sampler.record(next.second, next.rgb, face(0.5, null));
    }
    // 13 is 7 s from the look at 6; then 5 (5 s from 0: the look at 6 is in the other shot); then 9 (3 s
    // from 6 and from 13); then every waiting second is within 2 s of a look in its shot.
    expect(picked).toEqual([13, 5, 9, undefined]);
  });

  it('counts a look in another shot as no look at all', () => {
    const sampler = new FaceSampler();
    for (let s = 0; s < 6; s++) sampler.add(frame(10 + 40 * s));
    sampler.record(2, frame(90), face(0.5, dog));
    expect(sampler.subjectsLookedNear(3, 2)).toBe(true);
    expect(sampler.subjectsLookedNear(3, 2, [3])).toBe(false);
    expect(sampler.subjectsLookedNear(5, 2)).toBe(false);
  });
});
