import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BILLING_QUERY_KEY, type PlanId } from '../../config/constants';
import { apiRequest, getQueryFn } from '../../lib/api-client';
import type { BillingInterval } from './marketing';

export interface Billing {
  plan: PlanId | null;
  interval: BillingInterval | null;
  status: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  testMode: boolean;
  /** Stripe's publishable key for the Payment Element (real Stripe only). */
  publishableKey: string | null;
  entitlements: {
    plan: PlanId | null;
    active: boolean;
    monthlyUploads: number | null;
    maxVideoMinutes: number | null;
    allTracks: boolean;
    bulk: boolean;
    reason: string | null;
  };
  usage: { uploadsThisMonth: number | null };
  invoices: Array<{ id: string; number: string | null; amount: number; currency: string; status: string; createdAt: string | null }>;
}

/** GET /api/billing (null when signed out), as useBilling and the start-up prefetch ask for it. */
export const billingQuery = { queryKey: BILLING_QUERY_KEY, queryFn: getQueryFn<Billing>({ on401: 'returnNull' }) };

/** GET /api/billing; `poll` refetches every second (after a payment, until the webhook made it active). */
export function useBilling(options: { poll?: boolean } = {}) {
  return useQuery<Billing | null>({
    ...billingQuery,
    refetchInterval: options.poll ? 1000 : false,
  });
}

export async function createSubscription(plan: PlanId, interval: BillingInterval): Promise<{ clientSecret: string }> {
  const res = await apiRequest('POST', '/api/create-subscription', { plan, interval });
  return (await res.json()) as { clientSecret: string };
}

/** Local Stripe server only: pays with Stripe's test card that succeeds or the one that is declined. */
export async function payWithTestCard(paymentMethod: 'pm_card_visa' | 'pm_card_chargeDeclined'): Promise<Billing> {
  const res = await apiRequest('POST', '/api/billing/test-payment', { paymentMethod });
  return (await res.json()) as Billing;
}

export function useBillingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: { kind: 'cancel' | 'resume' } | { kind: 'change'; plan: PlanId; interval: BillingInterval }) => {
      const res =
        action.kind === 'change'
          ? await apiRequest('POST', '/api/billing/change-plan', { plan: action.plan, interval: action.interval })
          : await apiRequest('POST', `/api/billing/${action.kind}`);
      return (await res.json()) as Billing;
    },
    onSuccess: (billing) => queryClient.setQueryData(BILLING_QUERY_KEY, billing),
  });
}

export const planLabel = (billing: Billing | null | undefined) =>
  billing?.entitlements.active && billing.plan ? `${billing.plan === 'pro' ? 'Pro' : 'Rookie'} plan` : 'No plan';
