import { readBody } from './fields';
import { generateBody } from './bodies';

const problem = (body: unknown) => {
  const read = readBody(generateBody, body);
  return 'problem' in read ? read.problem.message : null;
};

describe('generate body: includeWords and captions', () => {
  it('takes up to 20 trimmed words or phrases, and none by default', () => {
    const read = readBody(generateBody, { includeWords: ['  toast ', 'I do'], captions: 'bold' });
    expect(read).toEqual({ value: expect.objectContaining({ includeWords: ['toast', 'I do'], captions: 'bold' }) });
    expect(readBody(generateBody, {})).toEqual({ value: expect.objectContaining({ includeWords: [], captions: '' }) });
  });

  it('refuses 1,000 words, a word of 10,000 characters, an empty word and a non-list', () => {
    expect(problem({ includeWords: Array.from({ length: 1000 }, (_, i) => `w${i}`) })).toBe('includeWords must be a list of at most 20 words or phrases');
    expect(problem({ includeWords: ['x'.repeat(10_000)] })).toBe('Every word or phrase in includeWords must be 1 to 100 characters long');
    expect(problem({ includeWords: ['   '] })).toBe('Every word or phrase in includeWords must be 1 to 100 characters long');
    expect(problem({ includeWords: 'toast' })).toBe('includeWords must be a list of at most 20 words or phrases');
    expect(problem({ includeWords: [42] })).toBe('includeWords must be a list of at most 20 words or phrases');
  });
});
