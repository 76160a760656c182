import { momentOffsets, toReelTime, transcriptWords, wordsInReel } from './reel-time';

const moments = [
  { start: 10, end: 14 },
  { start: 30, end: 33 },
  { start: 50, end: 55 },
];

describe('source time on the reel clock', () => {
  it('starts each moment where the previous one ends minus the crossfade', () => {
    expect(momentOffsets(moments, 0.4)).toEqual([0, 3.6, 6.2]);
    expect(momentOffsets(moments, 0)).toEqual([0, 4, 7]);
  });

  it('maps a time inside a moment and none outside', () => {
    expect(toReelTime(12, moments, 0.4)).toBeCloseTo(2);
    expect(toReelTime(31, moments, 0.4)).toBeCloseTo(4.6);
    expect(toReelTime(54, moments, 0.4)).toBeCloseTo(10.2);
    expect(toReelTime(20, moments, 0.4)).toBeNull();
  });

  it('keeps the words whose middle is inside a moment, clipped to its edges, the last of each ending a phrase', () => {
    const words = [
      { text: 'before', start: 9, end: 9.5 },
      { text: 'edge', start: 9.8, end: 10.4 },
      { text: 'hello', start: 11, end: 11.5 },
      { text: 'world', start: 11.6, end: 12 },
      { text: 'gone', start: 20, end: 20.5 },
      { text: 'again', start: 30.5, end: 31 },
      { text: 'tail', start: 32.8, end: 33.4 },
    ];
    expect(wordsInReel(words, moments, 0.4)).toEqual([
      { text: 'edge', start: 0, end: 0.4, phraseEnd: false },
      { text: 'hello', start: 1, end: 1.5, phraseEnd: false },
      { text: 'world', start: 1.6, end: 2, phraseEnd: true },
      { text: 'again', start: 4.1, end: 4.6, phraseEnd: true },
    ]);
  });

  it('marks the transcript phrases ends', () => {
    const words = transcriptWords({
      words: [
        { text: 'a', start: 0, end: 1 },
        { text: 'b', start: 1, end: 2 },
        { text: 'c', start: 3, end: 4 },
      ],
      phrases: [
        { start: 0, end: 2, from: 0, to: 2 },
        { start: 3, end: 4, from: 2, to: 3 },
      ],
    });
    expect(words.map((w) => w.phraseEnd)).toEqual([false, true, true]);
  });
});
