import { completeUploadBody, editMomentsBody, generateBody, moveVideoBody, settingsBody } from './bodies';
import { readBody } from './fields';

const problem = (schema: Parameters<typeof readBody>[0], value: unknown) => {
  const result = readBody(schema, value);
  return 'problem' in result ? result.problem.message : null;
};
const value = (schema: Parameters<typeof readBody>[0], body: unknown) => {
  const result = readBody(schema, body);
  if ('problem' in result) throw new Error(result.problem.message);
  return result.value;
};

describe('the HTTP bodies', () => {
  it('read absent texts and numbers as empty and 0, and refuse other types with the field named', () => {
    expect(value(completeUploadBody, { videoURL: 'x' })).toEqual({ videoURL: 'x', title: '', originalFilename: '', fileSize: 0, duration: 0 });
    expect(problem(completeUploadBody, { videoURL: 42 })).toBe('videoURL must be a text of at most 2048 characters');
    expect(problem(completeUploadBody, { title: 'x'.repeat(1001) })).toBe('title must be a text of at most 1000 characters');
    expect(problem(completeUploadBody, { fileSize: -1 })).toBe('fileSize must be a number of at least 0');
    expect(problem(completeUploadBody, { fileSize: 1.5 })).toBe('fileSize must be a whole number of bytes');
  });

  it('need folderId to move a video, a folder id or null', () => {
    expect(problem(moveVideoBody, {})).toBe('folderId is required (a folder id, or null for the library)');
    expect(problem(moveVideoBody, { folderId: '  ' })).toBe('folderId must be a folder id, or null for the library');
    expect(problem(moveVideoBody, { folderId: 5 })).toBe('folderId must be a folder id, or null for the library');
    expect(value(moveVideoBody, { folderId: null })).toEqual({ folderId: null });
  });

  it('keep null apart from absent where it means something (no music; a cleared e-mail)', () => {
    expect(value(generateBody, { musicTrackId: null })).toMatchObject({ musicTrackId: null, fillToLength: false, targetLength: 0 });
    expect(value(generateBody, {})).not.toHaveProperty('musicTrackId', null);
    expect(problem(generateBody, { fillToLength: 'yes' })).toBe('fillToLength must be true or false');
    expect(value(settingsBody, { email: null })).toEqual({ email: null });
    expect(value(settingsBody, {})).toEqual({});
  });

  it('check every moment and its reasons', () => {
    expect(value(editMomentsBody, { moments: [{ start: 1, end: 3 }] })).toMatchObject({ moments: [{ start: 1, end: 3, score: 0, reasons: [] }] });
    expect(problem(editMomentsBody, {})).toBe('moments must be a list of {start, end} in seconds');
    expect(problem(editMomentsBody, { moments: Array.from({ length: 101 }, () => ({ start: 0, end: 1 })) })).toBe(
      'moments must be a list of {start, end} in seconds',
    );
    expect(problem(editMomentsBody, { moments: [{ start: 1, end: 2, at: 3 }] })).toBe('Unknown field: at');
    expect(problem(editMomentsBody, { moments: [{ start: 1, end: 2, reasons: [1] }] })).toBe('reasons must be a list of at most 10 texts');
  });

  it('take settings flags as booleans only, inside objects with known keys', () => {
    expect(problem(settingsBody, { notifications: { weeklyDigest: 'x' } })).toBe('Expected boolean, received string');
    expect(problem(settingsBody, { notifications: [] })).toBe('notifications must be a JSON object');
    expect(problem(settingsBody, { privacy: { everyone: true } })).toBe('Unknown field: everyone');
  });
});
