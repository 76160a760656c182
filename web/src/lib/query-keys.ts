import { VIDEOS_QUERY_KEY } from '../config/constants';

/**
 * Query keys that more than one feature reads or patches (the default query function GETs their
 * parts joined with '/'): the live updates patch videos and reels in place, folders move videos.
 */

/** GET /api/videos/:id */
export const videoQueryKey = (id: string) => [VIDEOS_QUERY_KEY[0], id] as const;
/** GET /api/videos/:id/highlights: every version of a video's reel, newest first. */
export const videoHighlightsKey = (videoId: string) => ['/api/videos', videoId, 'highlights'] as const;
/** GET /api/highlights/:id */
export const highlightKey = (id: string) => ['/api/highlights', id] as const;
/** GET /api/exports: the editor's recent exports, newest first. */
export const EXPORTS_QUERY_KEY = ['/api/exports'] as const;
/** GET /api/user/settings: the settings page's form, and the music choice the library saves there. */
export const SETTINGS_QUERY_KEY = ['/api/user/settings'] as const;
