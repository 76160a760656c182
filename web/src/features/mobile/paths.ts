/** Paths of the phone app (kept apart from its components so they load lazily). */
export const MOBILE_BASE = '/mobile';
export const mobileVideoPath = (id: string) => `${MOBILE_BASE}/video/${encodeURIComponent(id)}`;
/** The plans, and with ?plan=rookie|pro[&interval=year] the checkout (the phone's /pricing and /subscribe). */
export const MOBILE_SUBSCRIBE = `${MOBILE_BASE}/subscribe`;
