/**
 * A video shared to the installed app (the web manifest's share_target): the worker takes the
 * POST, keeps the file in this cache and opens /upload?shared=1, whose dialog picks it up here.
 */
export const SHARE_CACHE = 'reelsmith-share';
export const SHARED_FILE_URL = '/shared-video';
export const SHARED_PARAM = 'shared';

/** The shared file, once: it is removed from the cache as it is read. Null when there is none. */
export async function takeSharedFile(): Promise<File | null> {
  if (typeof caches === 'undefined') return null;
  try {
    const cache = await caches.open(SHARE_CACHE);
    const response = await cache.match(SHARED_FILE_URL);
    if (!response) return null;
    const blob = await response.blob();
    await cache.delete(SHARED_FILE_URL);
    const name = decodeURIComponent(response.headers.get('x-file-name') ?? '') || 'Shared video.mp4';
    return new File([blob], name, { type: blob.type || 'video/mp4' });
  } catch {
    return null;
  }
}
