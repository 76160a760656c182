import { QueryClient } from '@tanstack/react-query';
import type { Highlight, HighlightProgress } from '../../highlights';
import { VIDEOS_QUERY_KEY } from '../../../config/constants';
import { EXPORTS_QUERY_KEY, highlightKey, videoHighlightsKey, videoQueryKey } from '../../../lib/query-keys';
import { applyHighlightProgressToCache } from './highlight-cache';
import { parseHighlightProgressEvent } from './parse-progress';

const reel = (id: string, extra: Partial<Highlight> = {}) =>
  ({ id, videoId: 'v1', kind: 'highlights', version: 1, status: 'queued', stage: 'queued', errorReason: null, ...extra }) as Highlight;

const update = (highlightId: string, extra: Partial<HighlightProgress> = {}): HighlightProgress => ({
  highlightId,
  videoId: 'v1',
  kind: null,
  status: 'processing',
  stage: 'analysing',
  percent: 30,
  errorReason: null,
  ...extra,
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(videoHighlightsKey('v1'), [reel('h2', { version: 2 }), reel('h1', { status: 'ready', stage: 'done' })]);
  client.setQueryData(highlightKey('h2'), reel('h2', { version: 2 }));
  const invalidate = jest.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const invalidated = () => invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
  return { client, invalidate, invalidated };
}

describe('applyHighlightProgressToCache', () => {
  it("patches the reel in its video's versions and its own cache, leaving others alone", () => {
    const { client, invalidate } = setup();
    applyHighlightProgressToCache(client, update('h2', { stage: 'rendering', percent: 71 }), new Set());
    const list = client.getQueryData<Highlight[]>(videoHighlightsKey('v1'))!;
    expect(list[0]).toMatchObject({ id: 'h2', status: 'processing', stage: 'rendering', percent: 71 });
    expect(list[1]).toEqual(reel('h1', { status: 'ready', stage: 'done' }));
    expect(client.getQueryData<Highlight>(highlightKey('h2'))).toMatchObject({ stage: 'rendering', percent: 71 });
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('fetches the versions and the reel again when it is ready or failed, and the videos when a reel is ready', () => {
    const { client, invalidated } = setup();
    applyHighlightProgressToCache(client, update('h2', { status: 'ready', stage: 'done', percent: 100 }), new Set());
    // The video's card and page say how many reels are ready: they are fetched again too.
    expect(invalidated()).toEqual([
      JSON.stringify(videoHighlightsKey('v1')),
      JSON.stringify(highlightKey('h2')),
      JSON.stringify(VIDEOS_QUERY_KEY),
      JSON.stringify(videoQueryKey('v1')),
    ]);
    applyHighlightProgressToCache(client, update('h2', { status: 'error', stage: 'failed', errorReason: 'Out of disk' }), new Set());
    expect(invalidated()).toHaveLength(6);
    expect(client.getQueryData<Highlight>(highlightKey('h2'))).toMatchObject({ status: 'error', errorReason: 'Out of disk' });
  });

  it('patches and refreshes exports', () => {
    const { client, invalidated } = setup();
    client.setQueryData(EXPORTS_QUERY_KEY, [reel('e1', { kind: 'export', videoId: 'v9' })]);
    applyHighlightProgressToCache(client, update('e1', { videoId: 'v9', stage: 'rendering', percent: 80 }), new Set());
    expect(client.getQueryData<Highlight[]>(EXPORTS_QUERY_KEY)![0]).toMatchObject({ stage: 'rendering', percent: 80 });
    expect(invalidated()).toEqual([]);
    applyHighlightProgressToCache(client, update('e1', { videoId: 'v9', status: 'ready', stage: 'done' }), new Set());
    expect(invalidated()).toContain(JSON.stringify(EXPORTS_QUERY_KEY));
  });

  it('fetches a cached list once for a reel it does not know yet', () => {
    const { client, invalidated } = setup();
    client.setQueryData(EXPORTS_QUERY_KEY, []);
    const requested = new Set<string>();
    applyHighlightProgressToCache(client, update('h3'), requested);
    applyHighlightProgressToCache(client, update('h3', { percent: 40 }), requested);
    expect(invalidated()).toEqual([JSON.stringify(videoHighlightsKey('v1')), JSON.stringify(EXPORTS_QUERY_KEY)]);
  });

  it('fetches only the list the kind of an unknown reel says', () => {
    const { client, invalidated } = setup();
    client.setQueryData(EXPORTS_QUERY_KEY, []);
    applyHighlightProgressToCache(client, update('e7', { kind: 'export' }), new Set());
    expect(invalidated()).toEqual([JSON.stringify(EXPORTS_QUERY_KEY)]);
    applyHighlightProgressToCache(client, update('h7', { kind: 'highlights' }), new Set());
    expect(invalidated()).toEqual([JSON.stringify(EXPORTS_QUERY_KEY), JSON.stringify(videoHighlightsKey('v1'))]);
    applyHighlightProgressToCache(client, update('e7', { kind: 'export', status: 'ready', stage: 'done' }), new Set());
    expect(invalidated().slice(2)).toEqual([JSON.stringify(highlightKey('e7')), JSON.stringify(EXPORTS_QUERY_KEY)]);
  });

  it('does nothing to lists that were never fetched', () => {
    const client = new QueryClient();
    const invalidate = jest.spyOn(client, 'invalidateQueries').mockResolvedValue();
    applyHighlightProgressToCache(client, update('x'), new Set());
    expect(client.getQueryData(videoHighlightsKey('v1'))).toBeUndefined();
    expect(invalidate).not.toHaveBeenCalled();
  });
});

describe('parseHighlightProgressEvent', () => {
  it('reads the gateway payload and clamps the percent', () => {
    expect(
      parseHighlightProgressEvent(
        '{"highlightId":"h1","videoId":"v1","kind":"export","status":"processing","stage":"rendering","percent":140,"errorReason":null}',
      ),
    ).toEqual({
      highlightId: 'h1',
      videoId: 'v1',
      kind: 'export',
      status: 'processing',
      stage: 'rendering',
      percent: 100,
      errorReason: null,
    });
  });

  it('rejects what is not a highlight progress event', () => {
    expect(parseHighlightProgressEvent('{"videoId":"v1","percent":4}')).toBeNull();
    expect(parseHighlightProgressEvent('nope')).toBeNull();
    expect(parseHighlightProgressEvent('{"highlightId":"h1","kind":"other"}')?.kind).toBeNull();
    expect(parseHighlightProgressEvent('null')).toBeNull();
  });
});
