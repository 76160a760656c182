import { faceStep, subjectOf } from './faces';

describe('subjectOf: the subject in view among the objects the detector found', () => {
  it('takes the most confident animal, vehicle or piece of sports gear', () => {
    expect(
      subjectOf([
        { label: 'person', score: 0.9 },
        { label: 'dog', score: 0.55 },
        { label: 'airplane', score: 0.74 },
      ]),
    ).toEqual({ label: 'airplane', score: 0.74 });
  });

  it('ignores people, furniture and weak detections', () => {
    expect(subjectOf([{ label: 'person', score: 0.95 }])).toBeNull();
    expect(subjectOf([{ label: 'chair', score: 0.8 }])).toBeNull();
    expect(subjectOf([{ label: 'car', score: 0.35 }])).toBeNull();
    expect(subjectOf([])).toBeNull();
  });
});

describe('faceStep', () => {
  it('keeps the subject only when subjects were looked for', () => {
    const face = { x: 0.6, y: 0.2, width: 0.2, height: 0.3, score: 0.9 };
    expect(faceStep([face])).toEqual({ count: 1, center: 0.7 });
    expect(faceStep([], null)).toEqual({ count: 0, center: 0.5, subject: null });
    expect(faceStep([face], { label: 'dog', score: 0.6 })).toEqual({ count: 1, center: 0.7, subject: { label: 'dog', score: 0.6 } });
  });
});
