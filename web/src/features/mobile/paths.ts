/** Paths of the phone app (kept apart from its components so they load lazily). */
export const MOBILE_BASE = '/mobile';
export const mobileVideoPath = (id: string) => `${MOBILE_BASE}/video/${encodeURIComponent(id)}`;
