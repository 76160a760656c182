import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsJson } from '@reelsmith/proto/http';

/** GET /api/analytics?weeks=N (Pro): the caller's totals, weeks and most watched reels. */
export const analyticsKey = (weeks: number) => [`/api/analytics?weeks=${weeks}`] as const;

export function useAnalytics(weeks: number) {
  // The previous range stays on screen while another one loads.
  return useQuery<AnalyticsJson>({ queryKey: analyticsKey(weeks), placeholderData: keepPreviousData });
}
