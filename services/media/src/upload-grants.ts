/** An upload URL works for this long (a PUT must start within it). */
export const UPLOAD_URL_TTL_SECONDS = 10 * 60;
/** A PUT that started before its URL expired may still be sending 2 GB over a slow line. */
export const UPLOAD_COMPLETE_GRACE_MS = 6 * 60 * 60 * 1000;
/** A grant past its grace by this much can no longer be completed: its upload (if any) is removed. */
export const ABANDONED_AFTER_MS = UPLOAD_COMPLETE_GRACE_MS + 60 * 60 * 1000;
