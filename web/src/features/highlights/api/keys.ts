/** Query keys of highlight data; the default query function GETs their parts joined with '/'. */

/** GET /api/videos/:id/highlights: every version of a video's reel, newest first. */
export const videoHighlightsKey = (videoId: string) => ['/api/videos', videoId, 'highlights'] as const;
/** GET /api/highlights/:id */
export const highlightKey = (id: string) => ['/api/highlights', id] as const;
/** GET /api/exports: the editor's recent exports, newest first. */
export const EXPORTS_QUERY_KEY = ['/api/exports'] as const;

/** ?highlight=<id> on /video/:id: the version on show (the newest when absent). */
export const HIGHLIGHT_PARAM = 'highlight';
/** GET /api/videos/:id/analysis: what the engine measured (shot boundaries, per-step signals). */
export const videoAnalysisKey = (videoId: string) => ['/api/videos', videoId, 'analysis'] as const;
