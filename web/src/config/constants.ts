/** Product-wide constants (spec §9). Keep this module free of `import.meta` (it is unit-tested). */

export const APP_NAME = 'Reelsmith';
export const BRAND_COLOR = '#ff6600';

/** localStorage key of the bearer token. */
export const TOKEN_KEY = 'reelsmith.authToken';

/** Query key of the current-user check. */
export const CURRENT_USER_QUERY_KEY = ['/api/auth/me'] as const;
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
export const USERNAME_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 6;

// Plans
export const PLAN_IDS = ['rookie', 'pro'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const DEFAULT_PLAN: PlanId = 'rookie';
