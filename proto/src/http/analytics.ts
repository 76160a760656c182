/** GET /api/analytics (Pro): a creator's own figures (docs/analytics.md). */
export interface AnalyticsJson {
  totals: {
    videos: number;
    footageSeconds: number;
    /** Ready reels (every version) and their length. */
    reels: number;
    reelSeconds: number;
    exports: number;
    /** Links not revoked; views of every link ever made. */
    shareLinks: number;
    views: number;
  };
  /** Oldest first, Monday to Sunday (UTC); weeks without activity have zeros. */
  weeks: Array<{ weekStart: string; uploads: number; reels: number; views: number }>;
  /** At most 5, most viewed first; reels without views are not listed. */
  topReels: Array<{ highlightId: string; videoId: string; title: string; version: number; duration: number; views: number; links: number }>;
}

export const ANALYTICS_WEEKS = { default: 12, max: 52 } as const;
export const ANALYTICS_WEEKS_ERROR = `weeks must be a whole number from 1 to ${ANALYTICS_WEEKS.max}`;

/** ?weeks= of GET /api/analytics: absent means the default; anything but 1 to 52 is refused. */
export function parseAnalyticsWeeks(raw: unknown): number | null {
  if (raw === undefined) return ANALYTICS_WEEKS.default;
  if (typeof raw !== 'string' || !/^\d{1,2}$/.test(raw)) return null;
  const weeks = Number(raw);
  return weeks >= 1 && weeks <= ANALYTICS_WEEKS.max ? weeks : null;
}
