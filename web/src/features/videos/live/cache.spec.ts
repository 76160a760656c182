import { QueryClient } from '@tanstack/react-query';
import { VIDEOS_QUERY_KEY } from '../../../config/constants';
import { videoQueryKey } from '../../../lib/query-keys';
import type { Video, VideoProgress } from '../types';
import { applyProgressToCache } from './cache';
import { progressStore } from './progress-store';

const video = (id: string, extra: Partial<Video> = {}) => ({ id, title: id, status: 'uploaded', stage: 'queued', errorReason: null, ...extra }) as Video;
const progress = (videoId: string, extra: Partial<VideoProgress> = {}): VideoProgress => ({
  videoId,
  status: 'processing',
  stage: 'validating',
  percent: 35,
  errorReason: null,
  ...extra,
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(VIDEOS_QUERY_KEY, [video('a'), video('b')]);
  client.setQueryData(videoQueryKey('a'), video('a'));
  const invalidate = jest.spyOn(client, 'invalidateQueries').mockResolvedValue();
  return { client, invalidate };
}

describe('applyProgressToCache', () => {
  it('patches status, stage and percent in the list and the detail, leaving others alone', () => {
    const { client, invalidate } = setup();
    applyProgressToCache(client, progress('a', { percent: 52, stage: 'transcoding' }), new Set());
    const list = client.getQueryData<Video[]>(VIDEOS_QUERY_KEY)!;
    expect(list[0]).toMatchObject({ id: 'a', status: 'processing', stage: 'transcoding', percent: 52 });
    expect(list[1]).toEqual(video('b'));
    expect(client.getQueryData<Video>(videoQueryKey('a'))).toMatchObject({ status: 'processing', percent: 52 });
    expect(invalidate).not.toHaveBeenCalled();
  });

  it("fetches list and detail again at 'processed' and at 'error'", () => {
    const { client, invalidate } = setup();
    applyProgressToCache(client, progress('a', { status: 'processed', stage: 'done', percent: 100 }), new Set());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: VIDEOS_QUERY_KEY, exact: true }, { cancelRefetch: false });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: videoQueryKey('a'), exact: true }, { cancelRefetch: false });

    invalidate.mockClear();
    applyProgressToCache(client, progress('b', { status: 'error', stage: 'failed', errorReason: 'No video stream' }), new Set());
    expect(client.getQueryData<Video[]>(VIDEOS_QUERY_KEY)![1]).toMatchObject({ status: 'error', errorReason: 'No video stream' });
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('fetches the list once for a video it does not know yet', () => {
    const { client, invalidate } = setup();
    const requested = new Set<string>();
    applyProgressToCache(client, progress('new'), requested);
    applyProgressToCache(client, progress('new', { percent: 40 }), requested);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: VIDEOS_QUERY_KEY, exact: true }, { cancelRefetch: false });
  });

  it('does nothing to a list that was never fetched', () => {
    const client = new QueryClient();
    const invalidate = jest.spyOn(client, 'invalidateQueries').mockResolvedValue();
    applyProgressToCache(client, progress('x'), new Set());
    expect(client.getQueryData(VIDEOS_QUERY_KEY)).toBeUndefined();
    expect(invalidate).not.toHaveBeenCalled();
  });
});

describe('progressStore', () => {
  afterEach(() => progressStore.clear());

  it('keeps the latest progress per video and notifies listeners', () => {
    const listener = jest.fn();
    const unsubscribe = progressStore.subscribe(listener);
    progressStore.set(progress('a', { percent: 10 }), 1);
    progressStore.set(progress('a', { percent: 20 }), 2);
    expect(progressStore.get('a')).toMatchObject({ percent: 20, at: 2 });
    expect(progressStore.get('zzz')).toBeUndefined();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    progressStore.set(progress('a', { percent: 30 }));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('remembers the stage that was running when a video failed', () => {
    progressStore.set(progress('a', { stage: 'thumbnail' }));
    progressStore.set(progress('a', { stage: 'transcoding' }));
    progressStore.set(progress('a', { status: 'error', stage: 'failed', percent: 100 }));
    expect(progressStore.get('a')).toMatchObject({ stage: 'failed', lastActiveStage: 'transcoding' });
  });
});
