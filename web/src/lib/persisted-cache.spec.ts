import { QueryClient } from '@tanstack/react-query';
import { BILLING_QUERY_KEY, OFFLINE_CACHE_KEY, TOKEN_KEY, VIDEOS_QUERY_KEY } from '../config/constants';
import { clearAuthToken, rememberUser, signedInUserId } from './auth-token';
import { isKept, restoreSnapshot, saveSnapshot, withoutSignatures } from './persisted-cache';

const data = new Map<string, string>();
beforeEach(() => {
  data.clear();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
});
afterAll(() => delete (globalThis as { localStorage?: unknown }).localStorage);

const video = {
  id: 'v1',
  title: 'Harbour walk',
  thumbnail: '/api/videos/v1/thumbnail?uid=u1&exp=99&sig=abc',
  streamUrl: '/api/videos/v1/stream?uid=u1&exp=99&sig=def',
};
const billing = { plan: 'pro', entitlements: { active: true } };

function clientWithLibrary() {
  const client = new QueryClient();
  client.setQueryData(VIDEOS_QUERY_KEY, [video]);
  client.setQueryData(BILLING_QUERY_KEY, billing);
  client.setQueryData(['/api/settings'], { email: 'ann@example.com' });
  return client;
}

describe('the offline snapshot', () => {
  it('keeps the library, folders and plan, nothing else', () => {
    expect(
      [
        VIDEOS_QUERY_KEY,
        ['/api/videos', 'v1'],
        ['/api/videos', 'v1', 'highlights'],
        BILLING_QUERY_KEY,
        ['/api/video-folders'],
        ['/api/video-folders', 'f1', 'videos'],
      ].every(isKept),
    ).toBe(true);
    expect([['/api/auth/me'], ['/api/settings'], ['/api/videos', 'v1', 'analysis'], ['/api/exports'], ['/api/music-tracks']].some(isKept)).toBe(false);
  });

  it('drops the signature of signed URLs and leaves other text alone', () => {
    expect(withoutSignatures({ list: [video], note: 'a ? b', link: '/pricing?plan=pro' })).toEqual({
      list: [{ ...video, thumbnail: '/api/videos/v1/thumbnail', streamUrl: '/api/videos/v1/stream' }],
      note: 'a ? b',
      link: '/pricing?plan=pro',
    });
  });

  it('restores the same user’s library and plan into an empty cache, without secrets', () => {
    saveSnapshot(clientWithLibrary(), 'u1');
    const stored = data.get(OFFLINE_CACHE_KEY)!;
    expect(stored).not.toContain('sig=');
    expect(stored).not.toContain('ann@example.com');

    const client = new QueryClient();
    expect(restoreSnapshot(client, 'u1')).toBe(true);
    expect(client.getQueryData(VIDEOS_QUERY_KEY)).toEqual([{ ...video, thumbnail: '/api/videos/v1/thumbnail', streamUrl: '/api/videos/v1/stream' }]);
    expect(client.getQueryData(BILLING_QUERY_KEY)).toEqual(billing);
    expect(client.getQueryState(VIDEOS_QUERY_KEY)?.status).toBe('success');
  });

  it('never restores one user’s snapshot for another, and removes it', () => {
    saveSnapshot(clientWithLibrary(), 'u1');
    const client = new QueryClient();
    expect(restoreSnapshot(client, 'u2')).toBe(false);
    expect(client.getQueryData(VIDEOS_QUERY_KEY)).toBeUndefined();
    expect(data.has(OFFLINE_CACHE_KEY)).toBe(false);
  });

  it('keeps a list dropped from memory, and a failed refetch’s data as the success it was', async () => {
    saveSnapshot(clientWithLibrary(), 'u1', 1000);
    const later = new QueryClient();
    later.setQueryData(['/api/video-folders'], [{ id: 'f1', name: 'Trips' }]);
    await later.prefetchQuery({
      queryKey: BILLING_QUERY_KEY,
      queryFn: () => Promise.reject(new Error('offline')),
      initialData: billing,
      initialDataUpdatedAt: 0,
      staleTime: 0,
    });
    saveSnapshot(later, 'u1', 2000);

    const client = new QueryClient();
    restoreSnapshot(client, 'u1', 3000);
    expect(client.getQueryData(VIDEOS_QUERY_KEY)).toHaveLength(1);
    expect(client.getQueryData(['/api/video-folders'])).toEqual([{ id: 'f1', name: 'Trips' }]);
    expect(client.getQueryState(BILLING_QUERY_KEY)).toMatchObject({ status: 'success', data: billing });
  });

  it('forgets a snapshot older than 30 days', () => {
    saveSnapshot(clientWithLibrary(), 'u1', 0);
    expect(restoreSnapshot(new QueryClient(), 'u1', 31 * 24 * 3600 * 1000)).toBe(false);
  });

  it('goes with the token: signing out removes it, and without a token it belongs to nobody', () => {
    data.set(TOKEN_KEY, 't1');
    rememberUser({ id: 'u1', username: 'ann' });
    expect(signedInUserId()).toBe('u1');
    saveSnapshot(clientWithLibrary(), 'u1');
    clearAuthToken();
    expect(data.has(OFFLINE_CACHE_KEY)).toBe(false);
    expect(signedInUserId()).toBeNull();
  });
});
