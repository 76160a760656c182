import { normalizeUsername } from '@reelsmith/kit';
import { USERNAME_MAX } from '@reelsmith/proto/http';
import { credentialViolations } from './credentials';

const messages = (username: string, password: string) => credentialViolations({ username, password }).map((v) => v.message);

describe('credential rules', () => {
  it('accepts a valid username and password', () => {
    expect(messages('bob', 'secret')).toEqual([]);
    expect(messages('anna.lee_99-x', 'a'.repeat(128))).toEqual([]);
  });

  it('uses the spec messages for short values', () => {
    expect(messages('bo', 'secret')).toEqual(['Username must be at least 3 characters']);
    expect(messages('bob', '12345')).toEqual(['Password must be at least 6 characters']);
    expect(messages('', '')).toEqual(['Username must be at least 3 characters', 'Password must be at least 6 characters']);
  });

  it('bounds the lengths and the username alphabet', () => {
    expect(messages('b'.repeat(33), 'secret')).toEqual(['Username must be at most 32 characters']);
    expect(messages('bob', 'p'.repeat(129))).toEqual(['Password must be at most 128 characters']);
    expect(messages('bob smith', 'secret')).toEqual(['Username may contain only letters, numbers, dots, dashes and underscores']);
    expect(messages('../etc', 'secret')).toEqual(['Username may contain only letters, numbers, dots, dashes and underscores']);
  });

  it('treats usernames that differ only in case or width as the same', () => {
    expect(normalizeUsername('BoB')).toBe(normalizeUsername('bob'));
    expect(normalizeUsername('ｂｏｂ')).toBe(normalizeUsername('bob'));
  });

  it('bounds the normalised spelling too, which ligatures and some capitals make longer', () => {
    const spelledOut = 'Username must be at most 32 characters once ligatures and special letters are spelled out';
    expect(messages(`${'ﬃ'.repeat(9)}b2777f`, 'secret')).toEqual([spelledOut]);
    expect(messages(`${'İ'.repeat(14)}b2777f`, 'secret')).toEqual([spelledOut]);
    expect(messages(`${'ﬃ'.repeat(8)}b2777f`, 'secret')).toEqual([]);
  });

  it('accepts only usernames whose stored spellings fit the columns', () => {
    const growing = ['ﬃ', 'İ', 'ﬆ', 'ǅ', 'ŉ', 'ﾊﾟ', 'ｂ', '𝐀', 'ß'];
    for (const piece of growing) {
      for (let n = 1; n <= USERNAME_MAX; n += 1) {
        const username = `${piece.repeat(n)}x`;
        if (messages(username, 'secret').length > 0) continue;
        expect(username.length).toBeLessThanOrEqual(USERNAME_MAX);
        expect(normalizeUsername(username).length).toBeLessThanOrEqual(USERNAME_MAX);
      }
    }
  });
});
