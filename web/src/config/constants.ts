/** Product-wide constants. Keep this module free of `import.meta` (it is unit-tested). */

export const APP_NAME = 'Reelsmith';
export const BRAND_COLOR = '#ff6600';

/** localStorage key of the bearer token. */
export const TOKEN_KEY = 'reelsmith.authToken';
/** localStorage key of the signed-in user's last-loaded library and plan (lib/persisted-cache.ts); removed with the token. */
export const OFFLINE_CACHE_KEY = 'reelsmith.offlineCache';

/** Query key of the current-user check. */
export const CURRENT_USER_QUERY_KEY = ['/api/auth/me'] as const;
/** Query key of the user's plan. */
export const BILLING_QUERY_KEY = ['/api/billing'] as const;
/** Query key of the videos list (invalidated on sign-out). */
export const VIDEOS_QUERY_KEY = ['/api/videos'] as const;

// Toasts
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_SWIPE_DIRECTION = 'right' as const;
export const TOAST_HOTKEY = ['F8'];

// Tooltips
export const TOOLTIP_DELAY = 700;
export const TOOLTIP_SKIP_DELAY = 300;

// Server data
export const QUERY_GC_TIME = 5 * 60 * 1000;

// Authentication
export const LOGIN_RELOAD_DELAY = 1000;
export { USERNAME_MIN as USERNAME_MIN_LENGTH, PASSWORD_MIN as PASSWORD_MIN_LENGTH } from '@reelsmith/proto/http';

// Plans
export const PLAN_IDS = ['rookie', 'pro'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const DEFAULT_PLAN: PlanId = 'rookie';

// Videos
/** Largest file one upload may be: 2 GiB, the server's limit too. */
export const MAX_UPLOAD_BYTES = 2 * 1024 ** 3;
export const UPLOAD_HINT = 'MP4, MOV, AVI up to 2GB';
/** After the pipeline finishes, the upload dialog turns 'complete' this much later. */
export const UPLOAD_COMPLETE_DELAY = 1000;
/** Fallback polling of a processing video while the live stream might be down. */
export const PROCESSING_POLL_INTERVAL = 2000;
export const RECENT_VIDEOS_COUNT = 3;
export const VIDEO_SKELETON_COUNT = 6;
export const DEFAULT_VOLUME = 75;
export const SEEK_STEP = 0.1;
export const MIN_TRIM_SECONDS = 1;
/**
 * Signed media URLs in video data expire after 2 hours; video queries count as stale after this,
 * so a screen mounted later fetches fresh URLs instead of showing dead ones.
 */
export const VIDEO_URL_FRESH_TIME = 90 * 60 * 1000;

// Music library
/** Query key of GET /api/music-tracks. */
export const MUSIC_TRACKS_QUERY_KEY = ['/api/music-tracks'] as const;
