import { randomUUID } from 'node:crypto';
import { isUuid, UUID_PATTERN } from './ids';

describe('isUuid', () => {
  it('takes UUIDs of any version, in either case', () => {
    expect(isUuid(randomUUID())).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
    expect(isUuid('9F1C2B3A-4D5E-6F70-8192-A3B4C5D6E7F8')).toBe(true);
    expect(UUID_PATTERN.test('9f1c2b3a-4d5e-6f70-8192-a3b4c5d6e7f8')).toBe(true);
  });

  it('refuses anything else: other shapes, other letters, surrounding text, non-strings', () => {
    for (const value of [
      '',
      'abc',
      '9f1c2b3a4d5e6f708192a3b4c5d6e7f8',
      '9f1c2b3a-4d5e-6f70-8192-a3b4c5d6e7f',
      '9f1c2b3a-4d5e-6f70-8192-a3b4c5d6e7fg',
      ' 9f1c2b3a-4d5e-6f70-8192-a3b4c5d6e7f8',
      '9f1c2b3a-4d5e-6f70-8192-a3b4c5d6e7f8\n',
      '------------------------------------',
    ]) {
      expect(isUuid(value)).toBe(false);
    }
    expect(isUuid(undefined)).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});
