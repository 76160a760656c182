import { faceStep, subjectOf } from './faces';

describe('subjectOf: the subject in view among the objects the detector found', () => {
  it('takes the most confident animal, vehicle or piece of sports gear', () => {
    expect(
      subjectOf([
        { label: 'person', score: 0.9, center: 0.5 },
        { label: 'dog', score: 0.55, center: 0.3 },
        { label: 'airplane', score: 0.74, center: 0.2381 },
      ]),
    ).toEqual({ label: 'airplane', score: 0.74, center: 0.238 });
  });

  it('ignores people, furniture and weak detections', () => {
    expect(subjectOf([{ label: 'person', score: 0.95, center: 0.5 }])).toBeNull();
    expect(subjectOf([{ label: 'chair', score: 0.8, center: 0.5 }])).toBeNull();
    expect(subjectOf([{ label: 'car', score: 0.35, center: 0.5 }])).toBeNull();
    expect(subjectOf([])).toBeNull();
  });
});

describe('faceStep', () => {
  it('keeps the subject only when subjects were looked for', () => {
    const face = { x: 0.6, y: 0.2, width: 0.2, height: 0.3, score: 0.9 };
    expect(faceStep([face])).toEqual({ count: 1, center: 0.7 });
    expect(faceStep([], null)).toEqual({ count: 0, center: 0.5, subject: null });
    const dog = { label: 'dog', score: 0.6, center: 0.3 };
    expect(faceStep([face], dog)).toEqual({ count: 1, center: 0.7, subject: dog });
  });
});
