import type { QueryClient } from '@tanstack/react-query';
import { type Batch, BATCHES_QUERY_KEY } from './batches';

/** Parses a batch.progress SSE payload; null when it is not one. */
export function parseBatchProgress(data: unknown): Batch | null {
  if (!data || typeof data !== 'object') return null;
  const b = data as Partial<Batch>;
  if (typeof b.id !== 'string' || typeof b.status !== 'string' || typeof b.totalVideos !== 'number') return null;
  if (typeof b.processedVideos !== 'number' || typeof b.failedVideos !== 'number') return null;
  return b as Batch;
}

/** Puts a live batch into the cached list (newer updatedAt wins); an unknown batch refreshes the list. */
export function applyBatchProgressToCache(client: QueryClient, batch: Batch): void {
  const list = client.getQueryData<Batch[]>(BATCHES_QUERY_KEY);
  if (!list) return;
  if (!list.some((b) => b.id === batch.id)) {
    void client.invalidateQueries({ queryKey: BATCHES_QUERY_KEY, exact: true });
    return;
  }
  client.setQueryData<Batch[]>(
    BATCHES_QUERY_KEY,
    list.map((b) => (b.id === batch.id && (!b.updatedAt || !batch.updatedAt || batch.updatedAt >= b.updatedAt) ? { ...b, ...batch } : b)),
  );
}
