import { QueryClient } from '@tanstack/react-query';
import { applyBatchProgressToCache, parseBatchProgress } from './batch-cache';
import { type Batch, BATCHES_QUERY_KEY } from './batches';

const batch = (id: string, extra: Partial<Batch> = {}): Batch => ({
  id,
  name: id,
  description: '',
  status: 'processing',
  totalVideos: 4,
  processedVideos: 0,
  failedVideos: 0,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...extra,
});

describe('live batch progress', () => {
  it('parses batch.progress payloads and ignores anything else', () => {
    expect(parseBatchProgress(batch('a'))).toEqual(batch('a'));
    expect(parseBatchProgress({ id: 'a', status: 'processing' })).toBeNull();
    expect(parseBatchProgress(null)).toBeNull();
  });

  it('patches the listed batch, keeps the newer state, and refreshes the list for an unknown batch', () => {
    const client = new QueryClient();
    client.setQueryData(BATCHES_QUERY_KEY, [batch('a'), batch('b')]);
    const invalidate = jest.spyOn(client, 'invalidateQueries').mockResolvedValue();
    applyBatchProgressToCache(client, batch('a', { processedVideos: 3, failedVideos: 1, status: 'completed', updatedAt: '2026-11-21T10:00:05.000Z' }));
    applyBatchProgressToCache(client, batch('a', { processedVideos: 1, updatedAt: '2026-11-21T10:00:02.000Z' }));
    const list = client.getQueryData<Batch[]>(BATCHES_QUERY_KEY)!;
    expect(list[0]).toMatchObject({ status: 'completed', processedVideos: 3, failedVideos: 1 });
    expect(list[1]).toEqual(batch('b'));
    expect(invalidate).not.toHaveBeenCalled();
    applyBatchProgressToCache(client, batch('c'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: BATCHES_QUERY_KEY, exact: true });
  });
});
