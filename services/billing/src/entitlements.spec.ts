import { entitlementsFor, NO_PLAN_REASON } from './entitlements';
import { parseStripePlanId, priceCents, yearlyCents } from './plans';

const now = new Date('2026-11-24T12:00:00Z');
const day = 86_400_000;
const state = (status: string, extra: Partial<{ plan: string; currentPeriodEnd: Date | null; pastDueSince: Date | null }> = {}) => ({
  plan: 'rookie',
  status,
  currentPeriodEnd: new Date(now.getTime() + 10 * day),
  pastDueSince: null,
  ...extra,
});

describe('entitlementsFor', () => {
  it('no subscription, incomplete or unpaid: no plan', () => {
    expect(entitlementsFor(null, now, 7)).toMatchObject({ active: false, plan: '', reason: NO_PLAN_REASON });
    expect(entitlementsFor(state('incomplete'), now, 7)).toMatchObject({ active: false, reason: expect.stringMatching(/payment/) });
    expect(entitlementsFor(state('unpaid'), now, 7).active).toBe(false);
    expect(entitlementsFor(state('active', { plan: 'enterprise' }), now, 7).active).toBe(false);
  });

  it('Rookie and Pro limits', () => {
    expect(entitlementsFor(state('active'), now, 7)).toMatchObject({
      active: true,
      plan: 'rookie',
      monthlyUploads: 5,
      maxVideoSeconds: 1800,
      allTracks: false,
      bulk: false,
      analytics: false,
      team: false,
      maxQuality: '1080p',
    });
    expect(entitlementsFor(state('trialing', { plan: 'pro' }), now, 7)).toMatchObject({
      active: true,
      monthlyUploads: 0,
      maxVideoSeconds: 3600,
      allTracks: true,
      bulk: true,
      analytics: true,
      team: true,
    });
  });

  it('past_due keeps access for the grace period only', () => {
    expect(entitlementsFor(state('past_due', { pastDueSince: new Date(now.getTime() - 6 * day) }), now, 7).active).toBe(true);
    const over = entitlementsFor(state('past_due', { pastDueSince: new Date(now.getTime() - 8 * day) }), now, 7);
    expect(over).toMatchObject({ active: false, reason: expect.stringMatching(/past due.*grace/) });
  });

  it('canceled keeps access until the period end', () => {
    expect(entitlementsFor(state('canceled'), now, 7).active).toBe(true);
    expect(entitlementsFor(state('canceled', { currentPeriodEnd: new Date(now.getTime() - 1) }), now, 7)).toMatchObject({
      active: false,
      reason: expect.stringMatching(/ended/),
    });
  });
});

describe('plans', () => {
  it('yearly = round(monthly x 12 x 0.8) dollars', () => {
    expect(yearlyCents(499)).toBe(4800);
    expect(priceCents('pro', 'year')).toBe(9600);
    expect(priceCents('rookie', 'month')).toBe(499);
  });

  it('reads our Stripe plan ids back, nothing else', () => {
    expect(parseStripePlanId('reelsmith_pro_year')).toEqual({ plan: 'pro', interval: 'year' });
    expect(parseStripePlanId('reelsmith_free_month')).toBeNull();
    expect(parseStripePlanId(undefined)).toBeNull();
  });
});
