import { normalizeUsername } from './username';

describe('normalizeUsername', () => {
  it('folds case, full-width letters and surrounding blanks into one spelling', () => {
    expect(normalizeUsername('  BoB ')).toBe('bob');
    expect(normalizeUsername('ＢｏＢ')).toBe('bob');
  });

  it('can be longer than what was typed', () => {
    expect(normalizeUsername('ﬃ')).toBe('ffi');
    expect(normalizeUsername('İ')).toHaveLength(2);
  });
});
