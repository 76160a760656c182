/** The rules of bulk batches, as pure functions: a batch's status and the checks of a bulk upload. */

export const MAX_VIDEOS_PER_BATCH = 50;
export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 1000;

export type BatchStatus = 'pending' | 'processing' | 'completed' | 'error';

/**
 * Where one file of a batch is:
 * - importing: stored, being checked by media (videos.import);
 * - processing: a video, waiting for media's worker (evt.media.video.processed / failed);
 * - highlighting: processed, its default highlights requested (evt.media.highlights.ready / failed);
 * - processed: its highlights are ready. This is when a video counts as processed;
 * - failed: refused by the checks, failed in processing, deleted, or its highlights failed.
 */
export type ItemStatus = 'importing' | 'processing' | 'highlighting' | 'processed' | 'failed';
export const SETTLED: ItemStatus[] = ['processed', 'failed'];

/** What moves an item, and from which states it may (anything else is a redelivery or a stale event: ignored). */
export const TRANSITIONS = {
  imported: { from: ['importing'], to: 'processing' },
  refused: { from: ['importing'], to: 'failed' },
  videoProcessed: { from: ['importing', 'processing'], to: 'highlighting' },
  videoFailed: { from: ['importing', 'processing', 'highlighting'], to: 'failed' },
  videoDeleted: { from: ['importing', 'processing', 'highlighting'], to: 'failed' },
  highlightsReady: { from: ['highlighting'], to: 'processed' },
  highlightsFailed: { from: ['highlighting'], to: 'failed' },
  /** The highlight request could not be sent: back to waiting, the event comes again. */
  highlightsNotRequested: { from: ['highlighting'], to: 'processing' },
  /**
   * The user retried what failed and it worked this time: a video that failed in processing is
   * processed after all, or the item's own reel is ready after all (the repository narrows these
   * to items that failed at that step, so a late redelivery cannot revive another kind of failure).
   */
  videoProcessedAfterRetry: { from: ['failed'], to: 'highlighting' },
  highlightsReadyAfterRetry: { from: ['failed'], to: 'processed' },
} as const satisfies Record<string, { from: ItemStatus[]; to: ItemStatus }>;
export type Transition = keyof typeof TRANSITIONS;

/** The next status of an item, or null when the event does not apply to it (so applying it twice changes nothing). */
export function nextStatus(current: ItemStatus, transition: Transition): ItemStatus | null {
  const rule = TRANSITIONS[transition];
  return (rule.from as readonly ItemStatus[]).includes(current) ? rule.to : null;
}

export interface Counters {
  totalVideos: number;
  processedVideos: number;
  failedVideos: number;
}

/** Counters are counted from the items, never incremented, so a redelivered event cannot count twice. */
export function countItems(statuses: ItemStatus[]): Counters {
  return {
    totalVideos: statuses.length,
    processedVideos: statuses.filter((s) => s === 'processed').length,
    failedVideos: statuses.filter((s) => s === 'failed').length,
  };
}

/**
 * pending until a file arrives; processing while any video is unsettled; then completed when at
 * least one video was processed, error when every one failed.
 */
export function batchStatus(counters: Counters): BatchStatus {
  const { totalVideos, processedVideos, failedVideos } = counters;
  if (totalVideos === 0) return 'pending';
  if (processedVideos + failedVideos < totalVideos) return 'processing';
  return processedVideos > 0 ? 'completed' : 'error';
}

/** Progress: processed / total in percent, 0 when there are no videos. */
export function progressPercent(counters: Counters): number {
  return counters.totalVideos === 0 ? 0 : Math.round((counters.processedVideos / counters.totalVideos) * 100);
}

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** Name required after trimming, description optional. */
export function checkBatchInput(name: string, description: string): Checked<{ name: string; description: string }> {
  const trimmedName = name.trim();
  if (!trimmedName) return { ok: false, message: 'Please enter a name for this batch' };
  if (trimmedName.length > NAME_MAX) return { ok: false, message: `The batch name must be at most ${NAME_MAX} characters` };
  const trimmedDescription = description.trim();
  if (trimmedDescription.length > DESCRIPTION_MAX) return { ok: false, message: `The description must be at most ${DESCRIPTION_MAX} characters` };
  return { ok: true, value: { name: trimmedName, description: trimmedDescription } };
}

/** At most 50 videos per batch, counting those it already has. */
export function checkFileCount(existing: number, adding: number): Checked<number> {
  if (adding < 1) return { ok: false, message: 'Please select video files to upload' };
  if (existing + adding > MAX_VIDEOS_PER_BATCH) {
    const left = Math.max(0, MAX_VIDEOS_PER_BATCH - existing);
    return { ok: false, message: `Maximum ${MAX_VIDEOS_PER_BATCH} videos per batch${existing ? ` (this batch can take ${left} more)` : ''}` };
  }
  return { ok: true, value: existing + adding };
}

/** "Summer League 2026!" -> "summer-league-2026-report.json" */
export function reportFilename(batchName: string): string {
  const slug = batchName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${slug || 'batch'}-report.json`;
}
