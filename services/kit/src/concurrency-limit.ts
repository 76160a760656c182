/**
 * At most `max` pieces of work at once in this process; the rest wait their turn in order. For work
 * that a burst would otherwise start all together (50 uploads completed in the same second, each
 * a storage copy and an ffprobe), so the requests around it keep their share of the CPU.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error(`a concurrency limit must be a whole number of at least 1, not ${max}`);
  }

  /** How many pieces of work wait for a turn now. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) await new Promise<void>((turn) => this.waiting.push(turn));
    else this.running += 1;
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line (running stays the same), or a place frees up.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
