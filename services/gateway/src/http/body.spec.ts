import { ErrorCode } from '@reelsmith/kit';
import { jsonObject } from './body';

describe('jsonObject', () => {
  it('takes a JSON object with only the named fields, and no body as an empty one', () => {
    expect(jsonObject({ name: 'Weddings', color: '#ff6600' }, ['name', 'description', 'color'])).toEqual({ name: 'Weddings', color: '#ff6600' });
    expect(jsonObject(undefined, ['name'])).toEqual({});
  });

  it('refuses unknown fields by name, __proto__ and constructor included', () => {
    const polluted = JSON.parse('{"name":"x","__proto__":{"admin":true},"constructor":{}}');
    expect(() => jsonObject(polluted, ['name'])).toThrow(expect.objectContaining({ code: ErrorCode.INVALID_ARGUMENT, message: 'Unknown fields: __proto__, constructor' }));
    expect(() => jsonObject({ name: 'x', userId: 'u' }, ['name'])).toThrow('Unknown field: userId');
  });

  it('refuses anything that is not an object', () => {
    for (const value of [null, [], 'text', 3]) expect(() => jsonObject(value, ['name'], 'Every moment')).toThrow('Every moment must be a JSON object');
  });
});
