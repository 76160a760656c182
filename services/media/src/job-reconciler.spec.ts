import { Logger } from '@nestjs/common';
import type { ObjectStorage } from '@reelsmith/kit';
import { AdvisoryLock } from './advisory-lock';
import type { HighlightsRepository } from './highlights.repository';
import type { JobFailures } from './job-failures';
import type { JobQueue } from './job-queue';
import { JobReconciler, UNTOUCHED_FOR_MS } from './job-reconciler';
import type { VideosRepository } from './videos.repository';

const EVERY_MS = 60_000;

/** The advisory lock's two ways in, with another replica's pass simulated by `heldElsewhere`. */
class MemoryLock extends AdvisoryLock {
  heldElsewhere = false;
  async exclusively<T>(_name: string, work: () => Promise<T>): Promise<T> {
    return work();
  }
  async ifFree<T>(_name: string, work: () => Promise<T>): Promise<T | null> {
    return this.heldElsewhere ? null : work();
  }
}

describe('JobReconciler schedule', () => {
  beforeAll(() => Logger.overrideLogger(false));
  let lock: MemoryLock;
  let reads: jest.Mock;
  let reconciler: JobReconciler;
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') });
    lock = new MemoryLock();
    // Nothing is unsettled: a pass is one read of each list.
    reads = jest.fn(async () => []);
    const videos = { listUnsettled: reads } as unknown as VideosRepository;
    const highlights = { listUnsettled: async () => [] } as unknown as HighlightsRepository;
    reconciler = new JobReconciler(videos, highlights, {} as JobQueue, {} as JobFailures, {} as ObjectStorage, lock, { RECONCILE_JOBS_EVERY_MS: EVERY_MS });
  });
  afterEach(async () => {
    await reconciler.onModuleDestroy();
    jest.useRealTimers();
  });

  it('passes over every record at start, then every RECONCILE_JOBS_EVERY_MS over records untouched for ten minutes, until shutdown', async () => {
    const periodic = jest.spyOn(reconciler, 'reconcileUnlessRunning');
    await reconciler.onApplicationBootstrap();
    expect(reads).toHaveBeenCalledTimes(1);
    expect(periodic).not.toHaveBeenCalled();

    await jest.advanceTimersByTimeAsync(EVERY_MS - 1);
    expect(reads).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(periodic).toHaveBeenCalledWith(new Date(Date.now() - UNTOUCHED_FOR_MS));
    await jest.advanceTimersByTimeAsync(2 * EVERY_MS);
    expect(periodic).toHaveBeenCalledTimes(3);
    expect(reads).toHaveBeenCalledTimes(4);

    await reconciler.onModuleDestroy();
    await jest.advanceTimersByTimeAsync(10 * EVERY_MS);
    expect(reads).toHaveBeenCalledTimes(4);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('skips a periodic pass while another replica is in one, and runs the next', async () => {
    await reconciler.onApplicationBootstrap();
    lock.heldElsewhere = true;
    await jest.advanceTimersByTimeAsync(EVERY_MS);
    expect(reads).toHaveBeenCalledTimes(1);
    lock.heldElsewhere = false;
    await jest.advanceTimersByTimeAsync(EVERY_MS);
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('never starts a pass while its own previous one is still running, and shutdown waits for that one', async () => {
    await reconciler.onApplicationBootstrap();
    let finish!: () => void;
    reads.mockImplementationOnce(() => new Promise((resolve) => (finish = () => resolve([]))));
    await jest.advanceTimersByTimeAsync(3 * EVERY_MS);
    expect(reads).toHaveBeenCalledTimes(2);

    let stopped = false;
    const stopping = reconciler.onModuleDestroy().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(reads).toHaveBeenCalledTimes(2);
  });
});
