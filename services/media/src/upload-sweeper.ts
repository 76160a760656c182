import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ObjectStorage } from '@reelsmith/kit';
import { AdvisoryLock } from './advisory-lock';
import { ABANDONED_AFTER_MS } from './upload-grants';
import { VideosRepository } from './videos.repository';

const SWEEP_EVERY_MS = 60 * 60 * 1000;
const BATCH = 500;

/**
 * Uploads nobody completed (the tab was closed, the check refused the file after the PUT) would stay
 * in uploads/ for ever, and so would every grant row. Once a grant can no longer be completed, its
 * row goes, and so does its object if it was never completed. At
 * start and every hour, one replica at a time; a restart only brings the next sweep forward.
 */
@Injectable()
export class UploadSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(UploadSweeper.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly videos: VideosRepository,
    private readonly storage: ObjectStorage,
    private readonly lock: AdvisoryLock,
  ) {}

  onApplicationBootstrap() {
    const run = () => this.sweep().catch((err) => this.logger.warn(`sweeping abandoned uploads failed: ${(err as Error).message}`));
    void run();
    this.timer = setInterval(run, SWEEP_EVERY_MS).unref();
  }

  onModuleDestroy() {
    clearInterval(this.timer);
  }

  /** Removes every abandoned upload and its grant; how many grants went. */
  sweep(now = Date.now()): Promise<number> {
    return this.lock.exclusively('reelsmith:media:sweep-uploads', async () => {
      let removed = 0;
      for (;;) {
        const grants = await this.videos.listExpiredGrants(new Date(now - ABANDONED_AFTER_MS), BATCH);
        if (grants.length === 0) break;
        const keys = grants.map((g) => g.objectKey);
        // Only never-completed uploads: a completed one was moved to originals/ (or, for videos made
        // before that, is the video itself, which must stay).
        const inUse = await this.videos.objectKeysInUse(keys);
        await this.storage.remove(grants.filter((g) => g.completedAt === null && !inUse.has(g.objectKey)).map((g) => g.objectKey));
        await this.videos.deleteGrants(keys);
        removed += keys.length;
      }
      if (removed) this.logger.log(`removed ${removed} abandoned upload(s) and their grants`);
      return removed;
    });
  }
}
