/** Query keys of highlight data only this feature reads; the shared ones are in lib/query-keys. */

/** ?highlight=<id> on /video/:id: the version on show (the newest when absent). */
export const HIGHLIGHT_PARAM = 'highlight';
/** GET /api/videos/:id/analysis: what the engine measured (shot boundaries, per-step signals). */
export const videoAnalysisKey = (videoId: string) => ['/api/videos', videoId, 'analysis'] as const;
