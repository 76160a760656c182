import { MAX_INCLUDE_WORDS } from '@reelsmith/proto/http';
import { addIncludeWord, correctedWords, findPhrase, transcriptSource, wordAt, wordsInside } from './words';

const words = ['Raise', 'your', 'glass.', 'I', 'do,', 'I', 'DO', 'toast!'].map((text, i) => ({ text, start: i, end: i + 0.8 }));

describe('transcript words', () => {
  it('finds a phrase across punctuation and case, each place it is said', () => {
    expect(findPhrase(words, 'i do').map((h) => [h.index, h.start, h.end])).toEqual([
      [3, 3, 4.8],
      [5, 5, 6.8],
    ]);
    expect(findPhrase(words, 'Toast')).toHaveLength(1);
    expect(findPhrase(words, 'goal')).toEqual([]);
    expect(findPhrase(words, '  ')).toEqual([]);
  });

  it('says which word is being spoken, and none between words', () => {
    expect(wordAt(words, 0)).toBe(0);
    expect(wordAt(words, 2.5)).toBe(2);
    expect(wordAt(words, 2.9)).toBe(-1);
    expect(wordAt(words, 99)).toBe(-1);
  });

  it('takes the words whose middle is inside a moment', () => {
    expect(wordsInside(words, 1, 3)).toEqual([1, 2]);
    expect(wordsInside(words, 0.3, 0.9)).toEqual([0]);
    expect(wordsInside(words, 0.5, 0.9)).toEqual([]);
  });

  it('names the engine and the quality plainly', () => {
    expect(transcriptSource({ engine: 'pocketsphinx', quality: 'draft', edited: false })).toBe('Draft transcript · made on this server by PocketSphinx');
    expect(transcriptSource({ engine: 'whisper', quality: 'good', edited: true })).toBe('Transcript · Whisper · corrected by you');
  });

  it('applies corrections and drops a word corrected to nothing', () => {
    const fixed = correctedWords(
      words.slice(0, 3),
      new Map([
        [1, '  the '],
        [2, ''],
      ]),
    );
    expect(fixed.map((w) => w.text)).toEqual(['Raise', 'the']);
    expect(fixed[1].start).toBe(1);
  });

  it('adds include words once each, within the limits', () => {
    expect(addIncludeWord(['toast'], '  I   do ').list).toEqual(['toast', 'I do']);
    expect(addIncludeWord(['toast'], 'TOAST').list).toEqual(['toast']);
    expect(addIncludeWord([], 'x'.repeat(101)).error).toMatch(/100 characters/);
    const full = Array.from({ length: MAX_INCLUDE_WORDS }, (_, i) => `w${i}`);
    expect(addIncludeWord(full, 'one more')).toEqual({ list: full, error: 'At most 20 words or phrases.' });
  });
});
