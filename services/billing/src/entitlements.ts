import { isPlan, PLANS } from './plans';

/** What billing knows of a user's subscription. */
export interface SubscriptionState {
  plan: string;
  status: string;
  currentPeriodEnd: Date | null;
  pastDueSince: Date | null;
}

export interface EntitlementValues {
  plan: string;
  active: boolean;
  monthlyUploads: number;
  maxVideoSeconds: number;
  allTracks: boolean;
  bulk: boolean;
  analytics: boolean;
  team: boolean;
  maxQuality: string;
  reason: string;
}

export const NO_PLAN_REASON = 'There is no free tier: choose Rookie or Pro at /pricing.';

/**
 * The one rule of access: active and trialing have their plan; past_due keeps it for the grace
 * period; canceled keeps it until the period it was paid for ends; anything else (no subscription,
 * incomplete, unpaid, expired) has no plan.
 */
export function entitlementsFor(state: SubscriptionState | null, now: Date, graceDays: number): EntitlementValues {
  const none: EntitlementValues = {
    plan: '',
    active: false,
    monthlyUploads: 0,
    maxVideoSeconds: 0,
    allTracks: false,
    bulk: false,
    analytics: false,
    team: false,
    maxQuality: '',
    reason: NO_PLAN_REASON,
  };
  if (!state || !isPlan(state.plan)) return none;
  const limits = PLANS[state.plan];
  const granted: EntitlementValues = {
    plan: state.plan,
    active: true,
    monthlyUploads: limits.monthlyUploads,
    maxVideoSeconds: limits.maxVideoSeconds,
    allTracks: limits.allTracks,
    bulk: limits.bulk,
    analytics: limits.analytics,
    team: limits.team,
    maxQuality: limits.maxQuality,
    reason: '',
  };
  switch (state.status) {
    case 'active':
    case 'trialing':
      return granted;
    case 'past_due': {
      const since = state.pastDueSince ?? now;
      if (now.getTime() < since.getTime() + graceDays * 86_400_000) return granted;
      return {
        ...none,
        reason: `Your ${limits.name} payment is past due and its ${graceDays}-day grace period is over: update your card under Billing to upload again.`,
      };
    }
    case 'canceled':
      if (state.currentPeriodEnd && now < state.currentPeriodEnd) return granted;
      return { ...none, reason: `Your ${limits.name} plan has ended. Choose a plan at /pricing to upload again.` };
    case 'incomplete':
      return { ...none, reason: 'Your payment has not gone through yet. Finish it at /subscribe, or choose a plan at /pricing.' };
    default:
      return none;
  }
}
