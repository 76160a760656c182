import { ConcurrencyLimit } from './concurrency-limit';

const tick = () => new Promise((r) => setImmediate(r));

describe('ConcurrencyLimit', () => {
  it('runs at most max pieces at once and the rest in the order they came', async () => {
    const limit = new ConcurrencyLimit(2);
    const started: number[] = [];
    const finish = new Map<number, () => void>();
    const done = [0, 1, 2, 3, 4].map((i) =>
      limit.run(async () => {
        started.push(i);
        await new Promise<void>((resolve) => finish.set(i, resolve));
        return i * 10;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(limit.queued).toBe(3);
    finish.get(1)!();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    finish.get(0)!();
    finish.get(2)!();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    finish.get(3)!();
    finish.get(4)!();
    expect(await Promise.all(done)).toEqual([0, 10, 20, 30, 40]);
    expect(limit.queued).toBe(0);
  });

  it('frees the place of work that fails', async () => {
    const limit = new ConcurrencyLimit(1);
    await expect(limit.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(limit.run(async () => 'next')).resolves.toBe('next');
    // Two more at once still run one after the other.
    const order: string[] = [];
    await Promise.all(['a', 'b'].map((name) => limit.run(async () => (order.push(`${name} in`), await tick(), order.push(`${name} out`)))));
    expect(order).toEqual(['a in', 'a out', 'b in', 'b out']);
  });

  it('refuses a limit below 1', () => {
    expect(() => new ConcurrencyLimit(0)).toThrow('at least 1');
  });
});
