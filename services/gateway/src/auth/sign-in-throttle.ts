import { normalizeUsername, type WindowCounter } from '@reelsmith/kit';

export interface SignInLimits {
  /** Sign-in and registration attempts per client IP, whatever the username. */
  perIp: number;
  /** Attempts on one username from one client IP that did not end in a sign-in. */
  perSource: number;
  /** Wrong passwords on one username from all sources; past it only sources it signed in from before may try. */
  perAccount: number;
}

/** A sign-in attempt as the throttle counts it: the client IP and the one spelling of the username. */
export interface LoginAttempt {
  ip: string;
  username: string;
}

/** Whether an attempt may go on and, if not, how long its source must wait. */
export type Verdict = { allowed: true } | { allowed: false; retryAfterMs: number };

const ipKey = (ip: string) => JSON.stringify(['ip', ip]);
const sourceKey = ({ ip, username }: LoginAttempt) => JSON.stringify(['source', username, ip]);
const accountKey = ({ username }: LoginAttempt) => JSON.stringify(['account', username]);
const knownKey = ({ username, ip }: LoginAttempt) => JSON.stringify(['known', username, ip]);

/**
 * Slows password guessing (OWASP authentication cheat sheet). It limits the guessing source (an IP,
 * and an IP on one username); a source's attempt is counted before the password is checked, so
 * parallel guesses cannot slip past, and a sign-in clears it. Once an account collects `perAccount`
 * wrong passwords in a window, from however many sources, only the addresses it was registered or
 * signed in from (remembered in `knownSources`, whose window is long) may still try: a guesser
 * moving to a new address meets 429, while the owner at home does not.
 */
export class SignInThrottle {
  constructor(
    private readonly counter: WindowCounter,
    private readonly limits: SignInLimits,
    private readonly knownSources: WindowCounter,
  ) {}

  async admitRegistration(ip: string): Promise<Verdict> {
    return this.admitIp(ip);
  }

  /** An account made from `ip`: its owner's address from now on. */
  async registered(ip: string, username: string): Promise<void> {
    await this.knownSources.hit(knownKey({ ip, username: normalizeUsername(username) }));
  }

  /** `username` as sent; it is counted under its normalised spelling. */
  async admitLogin(ip: string, username: string): Promise<{ attempt: LoginAttempt; verdict: Verdict }> {
    const attempt = { ip, username: normalizeUsername(username) };
    if (!attempt.username) return { attempt, verdict: await this.admitIp(ip) };
    const [perIp, fromSource, onAccount, known] = await Promise.all([
      this.counter.hit(ipKey(ip)),
      this.counter.hit(sourceKey(attempt)),
      this.counter.peek(accountKey(attempt)),
      this.knownSources.peek(knownKey(attempt)),
    ]);
    return {
      attempt,
      verdict: verdict([
        perIp.count > this.limits.perIp ? perIp.resetInMs : 0,
        fromSource.count > this.limits.perSource ? fromSource.resetInMs : 0,
        onAccount.count >= this.limits.perAccount && known.count === 0 ? onAccount.resetInMs : 0,
      ]),
    };
  }

  async loginFailed(attempt: LoginAttempt): Promise<void> {
    await this.counter.hit(accountKey(attempt));
  }

  async loginSucceeded(attempt: LoginAttempt): Promise<void> {
    await Promise.all([this.counter.reset(sourceKey(attempt)), this.knownSources.hit(knownKey(attempt))]);
  }

  private async admitIp(ip: string): Promise<Verdict> {
    const perIp = await this.counter.hit(ipKey(ip));
    return verdict([perIp.count > this.limits.perIp ? perIp.resetInMs : 0]);
  }
}

function verdict(waitsMs: number[]): Verdict {
  const retryAfterMs = Math.max(...waitsMs);
  return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true };
}
