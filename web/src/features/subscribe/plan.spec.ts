import { parsePlan } from './plan';

describe('parsePlan', () => {
  it('accepts rookie and pro', () => {
    expect(parsePlan('rookie')).toBe('rookie');
    expect(parsePlan('pro')).toBe('pro');
  });

  it('falls back to rookie for anything else', () => {
    for (const value of [null, undefined, '', 'PRO', 'enterprise', 'pro ', 'constructor', 'toString']) {
      expect(parsePlan(value)).toBe('rookie');
    }
  });
});
