/** The two plans. Prices in US cents; yearly = round(monthly x 12 x 0.8) dollars ("Save 20%"). */
export type PlanId = 'rookie' | 'pro';
export type Interval = 'month' | 'year';

export interface PlanLimits {
  name: string;
  monthlyCents: number;
  /** 0: unlimited. */
  monthlyUploads: number;
  maxVideoSeconds: number;
  allTracks: boolean;
  bulk: boolean;
  /** The page /analytics. */
  analytics: boolean;
  /** Sharing folders with teammates. */
  team: boolean;
  maxQuality: string;
}

export const PLANS: Record<PlanId, PlanLimits> = {
  rookie: {
    name: 'Rookie',
    monthlyCents: 499,
    monthlyUploads: 5,
    maxVideoSeconds: 30 * 60,
    allTracks: false,
    bulk: false,
    analytics: false,
    team: false,
    maxQuality: '1080p',
  },
  pro: {
    name: 'Pro',
    monthlyCents: 999,
    monthlyUploads: 0,
    maxVideoSeconds: 60 * 60,
    allTracks: true,
    bulk: true,
    analytics: true,
    team: true,
    maxQuality: '1080p',
  },
};

export const isPlan = (value: string): value is PlanId => value === 'rookie' || value === 'pro';
export const isInterval = (value: string): value is Interval => value === 'month' || value === 'year';

/** Whole dollars a year: round(monthly x 12 x 0.8). */
export function yearlyCents(monthlyCents: number): number {
  return Math.round((monthlyCents / 100) * 12 * 0.8) * 100;
}

export function priceCents(plan: PlanId, interval: Interval): number {
  return interval === 'year' ? yearlyCents(PLANS[plan].monthlyCents) : PLANS[plan].monthlyCents;
}

/** Stripe ids we choose ourselves, so creating the catalogue again finds what exists (idempotent). */
export const productId = (plan: PlanId) => `reelsmith_${plan}`;
export const stripePlanId = (plan: PlanId, interval: Interval) => `reelsmith_${plan}_${interval}`;

/** reelsmith_pro_year -> { plan: 'pro', interval: 'year' }; anything else: null. */
export function parseStripePlanId(id: string | null | undefined): { plan: PlanId; interval: Interval } | null {
  const match = /^reelsmith_(rookie|pro)_(month|year)$/.exec(id ?? '');
  return match ? { plan: match[1] as PlanId, interval: match[2] as Interval } : null;
}
