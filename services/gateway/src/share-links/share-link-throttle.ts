import { Logger } from '@nestjs/common';
import { CounterUnavailableError, type WindowCounter } from '@reelsmith/kit';

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Per-link request budget of the public routes (page and media together), counted in NATS KV so
 * every gateway replica shares it. When the counters cannot be read it lets the request through:
 * the limit protects capacity, not a secret, and the link's own checks still run.
 */
export class ShareLinkThrottle {
  private readonly logger = new Logger('ShareLinkThrottle');

  constructor(
    private readonly counter: WindowCounter,
    private readonly limit: number,
  ) {}

  async admit(token: string): Promise<ThrottleVerdict> {
    try {
      const { count, resetInMs } = await this.counter.hit(`share:${token}`);
      return count <= this.limit ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
    } catch (err) {
      if (!(err instanceof CounterUnavailableError)) throw err;
      this.logger.warn(`share-link request let through uncounted: ${err.message}`);
      return { allowed: true };
    }
  }
}
