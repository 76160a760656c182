import { settleWithin } from './settle';

describe('settleWithin', () => {
  it('answers done when the work ends in time, whether it resolves or rejects', async () => {
    expect(await settleWithin(Promise.resolve(1), 1000)).toBe('done');
    expect(await settleWithin(Promise.reject(new Error('closed')), 1000)).toBe('done');
  });

  it('goes on after the limit when the work never ends', async () => {
    const started = Date.now();
    expect(await settleWithin(new Promise(() => undefined), 50)).toBe('timed out');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
