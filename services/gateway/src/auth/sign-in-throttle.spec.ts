import { type CounterWindow, countAt, windowAfterHit, type WindowCount, type WindowCounter } from '@reelsmith/kit';
import { SignInThrottle } from './sign-in-throttle';

const WINDOW_MS = 15 * 60_000;

/** The shared counter's window rules over a Map, for the policy alone. */
class MemoryCounter implements WindowCounter {
  private readonly windows = new Map<string, CounterWindow>();
  constructor(private readonly now: () => number) {}
  async hit(key: string): Promise<WindowCount> {
    const next = windowAfterHit(this.windows.get(key) ?? null, this.now(), WINDOW_MS);
    this.windows.set(key, next);
    return countAt(next, this.now());
  }
  async peek(key: string): Promise<WindowCount> {
    return countAt(this.windows.get(key) ?? null, this.now());
  }
  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }
}

describe('SignInThrottle', () => {
  let clock: number;
  let throttle: SignInThrottle;
  beforeEach(() => {
    clock = 1_000_000;
    throttle = new SignInThrottle(new MemoryCounter(() => clock), { perIp: 30, perSource: 3, perAccount: 6 }, new MemoryCounter(() => clock));
  });

  /** One sign-in attempt that ends with a wrong password when admitted; says whether it was admitted. */
  async function wrongPassword(ip: string, username: string): Promise<boolean> {
    const { attempt, verdict } = await throttle.admitLogin(ip, username);
    if (verdict.allowed) await throttle.loginFailed(attempt);
    return verdict.allowed;
  }

  it('limits a source guessing one account, with the time left in its window', async () => {
    for (let i = 0; i < 3; i += 1) expect(await wrongPassword('203.0.113.9', 'alice')).toBe(true);
    clock += 60_000;
    expect((await throttle.admitLogin('203.0.113.9', 'alice')).verdict).toEqual({ allowed: false, retryAfterMs: WINDOW_MS - 60_000 });
  });

  /** The owner registers (or signs in) from their own address. */
  const ownerAt = (ip: string, username = 'alice') => throttle.registered(ip, username);

  it('one guessing source does not close the account: another address still gets in', async () => {
    for (let i = 0; i < 10; i += 1) await wrongPassword('203.0.113.9', 'alice');
    expect((await throttle.admitLogin('198.51.100.4', 'alice')).verdict.allowed).toBe(true);
  });

  it('past the account budget, a new address is refused in any spelling while the owner at home gets in', async () => {
    await ownerAt('198.51.100.4');
    for (const ip of ['10.0.0.1', '10.0.0.2']) for (let i = 0; i < 3; i += 1) await wrongPassword(ip, 'alice');
    expect((await throttle.admitLogin('10.0.0.7', 'ALICE')).verdict).toEqual({ allowed: false, retryAfterMs: WINDOW_MS });
    expect((await throttle.admitLogin('10.0.0.8', 'ａｌｉｃｅ')).verdict.allowed).toBe(false);
    expect((await throttle.admitLogin('198.51.100.4', 'Alice')).verdict.allowed).toBe(true);
    expect((await throttle.admitLogin('10.0.0.7', 'bob')).verdict.allowed).toBe(true);
  });

  it('remembers an address the account signed in from', async () => {
    const { attempt } = await throttle.admitLogin('192.0.2.50', 'alice');
    await throttle.loginSucceeded(attempt);
    for (const ip of ['10.0.0.1', '10.0.0.2']) for (let i = 0; i < 3; i += 1) await wrongPassword(ip, 'alice');
    expect((await throttle.admitLogin('192.0.2.50', 'alice')).verdict.allowed).toBe(true);
    expect((await throttle.admitLogin('192.0.2.51', 'alice')).verdict.allowed).toBe(false);
  });

  it('counts every spelling of a username as one', async () => {
    for (const spelling of ['alice', 'ALICE', 'ａｌｉｃｅ']) await wrongPassword('203.0.113.9', spelling);
    expect((await throttle.admitLogin('203.0.113.9', ' Alice ')).verdict.allowed).toBe(false);
  });

  it('counts every spelling on the account too: sources that failed in one spelling are refused in any other', async () => {
    // Two wrong passwords from each of three addresses, each spelling the name its own way: the account's six.
    for (const [ip, spelling] of [
      ['10.0.0.1', 'alice'],
      ['10.0.0.2', 'ALICE'],
      ['10.0.0.3', 'ａｌｉｃｅ'],
    ]) {
      await wrongPassword(ip, spelling);
      await wrongPassword(ip, spelling);
    }
    expect((await throttle.admitLogin('10.0.0.1', 'ＡＬＩＣＥ')).verdict.allowed).toBe(false);
    expect((await throttle.admitLogin('10.0.0.3', ' Alice ')).verdict.allowed).toBe(false);
    // A new address is refused however it spells the name.
    expect((await throttle.admitLogin('10.0.0.9', 'Ａｌｉｃｅ')).verdict.allowed).toBe(false);
  });

  it('clears a source once it signs in', async () => {
    await wrongPassword('198.51.100.4', 'alice');
    await wrongPassword('198.51.100.4', 'alice');
    const { attempt } = await throttle.admitLogin('198.51.100.4', 'alice');
    await throttle.loginSucceeded(attempt);
    for (let i = 0; i < 3; i += 1) expect(await wrongPassword('198.51.100.4', 'alice')).toBe(true);
  });

  it('past the account budget, refuses the sources that failed on it too', async () => {
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      await wrongPassword(ip, 'alice');
      await wrongPassword(ip, 'alice');
    }
    expect((await throttle.admitLogin('10.0.0.1', 'alice')).verdict.allowed).toBe(false);
    expect((await throttle.admitLogin('10.0.0.1', 'bob')).verdict.allowed).toBe(true);
  });

  it('limits a client IP across usernames and registrations, and only that IP', async () => {
    for (let i = 0; i < 20; i += 1) await wrongPassword('203.0.113.9', `user${i}`);
    for (let i = 0; i < 10; i += 1) expect((await throttle.admitRegistration('203.0.113.9')).allowed).toBe(true);
    expect((await throttle.admitRegistration('203.0.113.9')).allowed).toBe(false);
    expect((await throttle.admitLogin('203.0.113.9', 'someone')).verdict.allowed).toBe(false);
    expect((await throttle.admitRegistration('203.0.113.10')).allowed).toBe(true);
  });
});
