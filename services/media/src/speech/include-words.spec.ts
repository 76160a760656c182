import { findSaid, normalWord } from './include-words';

const transcript = {
  words: [
    { text: 'I', start: 1, end: 1.2 },
    { text: 'do!', start: 1.3, end: 1.6 },
    { text: 'Raise', start: 5, end: 5.3 },
    { text: 'your', start: 5.4, end: 5.6 },
    { text: 'glasses', start: 5.7, end: 6.1 },
    { text: 'a', start: 6.2, end: 6.3 },
    { text: 'toast,', start: 6.4, end: 6.8 },
    { text: 'Toast', start: 20, end: 20.5 },
    { text: "don't", start: 30, end: 30.3 },
  ],
};

describe('finding what was said', () => {
  it('compares without case, punctuation or accents', () => {
    expect(normalWord('  Café, DON’T!')).toBe('cafe don t');
    expect(normalWord("don't")).toBe('dont');
  });

  it('finds every place a word is said, and phrases as consecutive words', () => {
    const found = findSaid(['toast', 'I do', 'your glasses'], transcript);
    expect(found.spans).toEqual([
      { start: 1, end: 1.6 },
      { start: 5.4, end: 6.1 },
      { start: 6.4, end: 6.8 },
      { start: 20, end: 20.5 },
    ]);
    expect(found.notFound).toEqual([]);
  });

  it('says which were never said', () => {
    expect(findSaid(['goal', 'glasses your', "DON'T"], transcript)).toEqual({ spans: [{ start: 30, end: 30.3 }], notFound: ['goal', 'glasses your'] });
  });
});
