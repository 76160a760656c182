import type { Analysis } from '../analysis/analysis';
import type { AnalyseOptions } from '../analysis/analyser';
import type { VideoEntity } from '../entities/video.entity';
import { VideoAnalyses } from './video-analyses';

/** Core NATS in memory: publish reaches the callbacks subscribed to that subject. */
function memoryNats() {
  const subscribers = new Map<string, Set<(err: Error | null, message: { string(): string }) => void>>();
  return {
    publish(subject: string, text: string) {
      for (const callback of subscribers.get(subject) ?? []) callback(null, { string: () => text });
    },
    subscribe(subject: string, { callback }: { callback: (err: Error | null, message: { string(): string }) => void }) {
      const set = subscribers.get(subject) ?? new Set();
      subscribers.set(subject, set.add(callback));
      let closed = false;
      return { isClosed: () => closed, unsubscribe: () => ((closed = true), set.delete(callback)) };
    },
  };
}

/** One lock at a time, as PostgreSQL's advisory lock is: the next waiter runs when the holder is done. */
function memoryLock() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    exclusively<T>(_name: string, work: () => Promise<T>): Promise<T> {
      const run = tail.then(work);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

const video = { id: 'v1', userId: 'u1', duration: 600, audioCodec: 'aac', width: 1920, height: 1080 } as VideoEntity;
const analysis = { version: 6, duration: 600 } as unknown as Analysis;
const tick = () => new Promise((r) => setImmediate(r));

function analysesWith(analyse: (options: AnalyseOptions) => Promise<Analysis>) {
  let kept: Analysis | null = null;
  const service = new VideoAnalyses(
    { WORK_DIR: '', JOB_DEADLINE_FACTOR: 1 } as never,
    memoryNats() as never,
    {} as never,
    { stat: async () => ({ size: 10 }), downloadFile: async () => undefined } as never,
    { analyze: (_file: string, options: AnalyseOptions) => analyse(options) } as never,
    { find: async () => kept, keep: async (_id: string, a: Analysis) => void (kept = a) } as never,
    { fetch: async () => ({ file: '/tmp/source', release: () => undefined }) } as never,
    memoryLock() as never,
    {} as never,
  );
  return service;
}

describe('VideoAnalyses', () => {
  it('makes the analysis once: a job that waits for it follows its progress, then reads what it kept', async () => {
    let finish!: () => void;
    let report!: (fraction: number) => void;
    const analyse = jest.fn(
      (options: AnalyseOptions) =>
        new Promise<Analysis>((resolve) => {
          report = options.onProgress!;
          finish = () => resolve(analysis);
        }),
    );
    const service = analysesWith(analyse);
    const first: number[] = [];
    const waiting: number[] = [];
    const source = () => ({ key: 'originals/u1/v1', local: null });
    const making = service.once(video, source(), '/tmp', new AbortController().signal, (f) => first.push(f));
    await tick();
    const waiter = service.once(video, source(), '/tmp', new AbortController().signal, (f) => waiting.push(f));
    await tick();
    report(0.4);
    await tick();
    finish();
    const [made, read] = await Promise.all([making, waiter]);

    expect(analyse).toHaveBeenCalledTimes(1);
    expect(first).toEqual([0.4]);
    expect(waiting).toEqual([0.4]);
    expect(made).toEqual({ analysis, madeInSeconds: expect.any(Number) });
    expect(read).toEqual({ analysis, madeInSeconds: null });
  });

  it('answers a kept analysis at once, without taking the lock or decoding', async () => {
    const analyse = jest.fn(async () => analysis);
    const service = analysesWith(analyse);
    await service.once(video, { key: 'k', local: null }, '/tmp', new AbortController().signal, () => undefined);
    const again = await service.once(video, { key: 'k', local: null }, '/tmp', new AbortController().signal, () => undefined);
    expect(again).toEqual({ analysis, madeInSeconds: null });
    expect(analyse).toHaveBeenCalledTimes(1);
  });
});
