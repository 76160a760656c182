import { countAt, windowAfterHit } from './shared-window-counter';

describe('fixed windows', () => {
  const windowMs = 60_000;

  it('opens a window on the first hit and counts the next ones in it', () => {
    const first = windowAfterHit(null, 1_000, windowMs);
    expect(first).toEqual({ count: 1, resetAt: 61_000 });
    expect(windowAfterHit(first, 30_000, windowMs)).toEqual({ count: 2, resetAt: 61_000 });
  });

  it('starts over once the window has ended', () => {
    expect(windowAfterHit({ count: 9, resetAt: 61_000 }, 61_000, windowMs)).toEqual({ count: 1, resetAt: 121_000 });
  });

  it('reads a live window with the time left, and an ended or absent one as empty', () => {
    expect(countAt({ count: 3, resetAt: 61_000 }, 11_000)).toEqual({ count: 3, resetInMs: 50_000 });
    expect(countAt({ count: 3, resetAt: 61_000 }, 61_000)).toEqual({ count: 0, resetInMs: 0 });
    expect(countAt(null, 0)).toEqual({ count: 0, resetInMs: 0 });
  });
});
