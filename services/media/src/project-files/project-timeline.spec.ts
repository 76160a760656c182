import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { sampleProject, verticalProject } from './project-fixture';
import { cropKeyframes, cropShare } from './project-timeline';

const schema = JSON.parse(readFileSync(join(__dirname, '../../../../docs/schemas/project.schema.json'), 'utf8'));

describe('projectTimeline', () => {
  it('snaps each moment to source frames and lays them end to end on the record side', () => {
    const project = sampleProject();
    expect(project.moments.map((m) => [m.sourceInFrame, m.sourceOutFrame, m.recordInFrame, m.recordOutFrame])).toEqual([
      [375, 517, 0, 142],
      [8991, 9126, 142, 277],
      [111641, 111818, 277, 454],
    ]);
    expect(project.reel.frames).toBe(454);
    expect(project.reel.duration).toBeCloseTo((454 * 1001) / 30000, 3);
    // The rendered file crossfades 0.4 s at each of the two joins.
    expect(project.reel.renderedDuration).toBeCloseTo(project.reel.duration - 0.8, 3);
    expect(project.moments[2].sourceTimecodeIn).toBe('01:02:05;03');
    expect(project.source.frameRate).toEqual({ num: 30000, den: 1001, fps: 29.97, dropFrame: true });
  });

  it('drops a moment shorter than a frame rather than writing an empty event', () => {
    const project = sampleProject({
      moments: [
        { start: 1, end: 1.01, score: 0.2, reasons: [], crop: [] },
        { start: 2, end: 3, score: 0.2, reasons: [], crop: [] },
      ],
    });
    expect(project.moments.map((m) => [m.index, m.recordInFrame])).toEqual([[1, 0]]);
  });

  it('keeps a crop only when the reel is narrower than its source', () => {
    expect(cropShare({ width: 1920, height: 1080 }, { width: 1080, height: 1920 })).toBeCloseTo(0.3164, 4);
    expect(cropShare({ width: 1920, height: 1080 }, { width: 1080, height: 1080 })).toBeCloseTo(0.5625, 4);
    expect(cropShare({ width: 1920, height: 1080 }, { width: 1280, height: 720 })).toBeNull();
    expect(verticalProject().crop).toEqual({ widthShare: 0.3164 });
    expect(sampleProject().crop).toBeNull();
    const flat = sampleProject({ moments: [{ start: 1, end: 3, score: 0.5, reasons: [], crop: [{ from: 0, to: 2, x0: 0.2, x1: 0.2 }] }] });
    expect(flat.moments[0].crop).toEqual([]);
  });

  it('turns a crop path into keyframes: a pan as its two ends, a jump at a cut as keyframes a frame apart', () => {
    const [pan, jump] = verticalProject().moments;
    expect(cropKeyframes(pan.crop, { num: 25, den: 1 })).toEqual([
      { frame: 0, x: 0.3 },
      { frame: 99, x: 0.6 },
    ]);
    expect(cropKeyframes(jump.crop, { num: 25, den: 1 })).toEqual([
      { frame: 0, x: 0.9 },
      { frame: 49, x: 0.9 },
      { frame: 50, x: 0.1 },
      { frame: 99, x: 0.1 },
    ]);
  });

  it('matches its documented JSON Schema (docs/schemas/project.schema.json), with and without crop and music', () => {
    const validate = new Ajv2020({ allErrors: true }).compile(schema);
    for (const project of [sampleProject(), verticalProject()]) {
      const valid = validate(JSON.parse(JSON.stringify(project)));
      expect(validate.errors ?? []).toEqual([]);
      expect(valid).toBe(true);
    }
    // The schema refuses what the type does not allow.
    expect(validate({ ...sampleProject(), version: 2 })).toBe(false);
    expect(validate({ ...sampleProject(), extra: 1 })).toBe(false);
  });
});
