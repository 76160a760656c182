import { FixedWindowLimiter } from './rate-limiter';

describe('FixedWindowLimiter', () => {
  let clock = 0;
  const limiter = () => new FixedWindowLimiter(2, 60_000, () => clock);
  beforeEach(() => { clock = 1_000_000; });

  it('allows the limit, then refuses with the time left in the window', () => {
    const l = limiter();
    expect(l.hit('ip:1').allowed).toBe(true);
    clock += 10_000;
    expect(l.hit('ip:1').allowed).toBe(true);
    const third = l.hit('ip:1');
    expect(third).toEqual({ allowed: false, retryAfterMs: 50_000 });
  });

  it('counts keys separately', () => {
    const l = limiter();
    l.hit('a'); l.hit('a');
    expect(l.hit('a').allowed).toBe(false);
    expect(l.hit('b').allowed).toBe(true);
  });

  it('opens a new window once the old one ends', () => {
    const l = limiter();
    l.hit('a'); l.hit('a'); l.hit('a');
    clock += 60_000;
    expect(l.hit('a').allowed).toBe(true);
  });
});
