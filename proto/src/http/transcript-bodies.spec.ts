import { transcribeBody, transcriptBody } from './bodies';
import { readBody } from './fields';
import { MAX_TRANSCRIPT_WORDS } from './speech';

const problem = (schema: Parameters<typeof readBody>[0], value: unknown) => {
  const result = readBody(schema, value);
  return 'problem' in result ? result.problem.message : null;
};

describe('the transcript bodies', () => {
  const word = (text: string, start: number, end: number) => ({ text, start, end });

  it('take ordered words of 1 to 100 characters with their times', () => {
    expect(problem(transcriptBody, { words: [word('Good', 0.5, 0.8), word('evening', 0.8, 1.2)] })).toBeNull();
    expect(problem(transcriptBody, { words: [] })).toBeNull();
  });

  it('refuse words that do not fit, saying what is wrong', () => {
    expect(problem(transcriptBody, {})).toBe('words must be a list of {text, start, end}');
    expect(problem(transcriptBody, { words: 'hello' })).toBe('words must be a list of {text, start, end}');
    expect(problem(transcriptBody, { words: [word('  ', 1, 2)] })).toBe('A word cannot be empty');
    expect(problem(transcriptBody, { words: [word('x'.repeat(101), 1, 2)] })).toBe('A word must be at most 100 characters');
    expect(problem(transcriptBody, { words: [word('to\u0000ast', 1, 2)] })).toBe('A word cannot hold control characters');
    expect(problem(transcriptBody, { words: [word('line\nbreak', 1, 2)] })).toBe('A word cannot hold control characters');
    expect(problem(transcriptBody, { words: [{ text: 'hi', start: '1', end: 2 }] })).toBe('Every word needs a start time in seconds');
    expect(problem(transcriptBody, { words: [word('hi', -1, 2)] })).toBe('A word cannot start before 0 seconds');
    expect(problem(transcriptBody, { words: [word('hi', 2, 1)] })).toBe('A word cannot end before it starts');
    expect(problem(transcriptBody, { words: [word('b', 2, 3), word('a', 1, 2)] })).toBe('The words must be in time order');
    expect(problem(transcriptBody, { words: [{ ...word('hi', 1, 2), speaker: 'x' }] })).toBe('Unknown field: speaker');
    const tooMany = Array.from({ length: MAX_TRANSCRIPT_WORDS + 1 }, (_, i) => word('w', i, i));
    expect(problem(transcriptBody, { words: tooMany })).toBe(`A transcript holds at most ${MAX_TRANSCRIPT_WORDS} words`);
  });

  it('take a transcript language and refuse any other', () => {
    expect(problem(transcribeBody, { language: 'de' })).toBeNull();
    expect(problem(transcribeBody, { language: 'klingon' })).toBe('language must be one of en, de, fr, es, it, nl, pt');
    expect(problem(transcribeBody, {})).toBe('language must be one of en, de, fr, es, it, nl, pt');
  });
});
