import type { BillingJson, SubscriptionCreatedJson } from '@reelsmith/proto/http';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BILLING_QUERY_KEY, type PlanId } from '../../config/constants';
import { apiRequest, getQueryFn } from '../../lib/api-client';
import type { BillingInterval } from './marketing';
import { hashKey } from '../../lib/idempotency';

/** GET /api/billing (null when signed out), as useBilling and the start-up prefetch ask for it. */
export const billingQuery = { queryKey: BILLING_QUERY_KEY, queryFn: getQueryFn<BillingJson>({ on401: 'returnNull' }) };

/** GET /api/billing; `poll` refetches every second (after a payment, until the webhook made it active). */
export function useBilling(options: { poll?: boolean } = {}) {
  return useQuery<BillingJson | null>({
    ...billingQuery,
    refetchInterval: options.poll ? 1000 : false,
  });
}

/** POST /api/create-subscription: one subscription per intent (the plan asked for, against the billing state the page knows). */
export async function createSubscription(queryClient: QueryClient, plan: PlanId, interval: BillingInterval): Promise<SubscriptionCreatedJson> {
  const idempotencyKey = `subscribe-${hashKey(JSON.stringify([plan, interval, queryClient.getQueryData(BILLING_QUERY_KEY) ?? null]))}`;
  const res = await apiRequest('POST', '/api/create-subscription', { plan, interval }, { idempotencyKey });
  return (await res.json()) as SubscriptionCreatedJson;
}

/** Local Stripe server only: pays with Stripe's test card that succeeds or the one that is declined. */
export async function payWithTestCard(paymentMethod: 'pm_card_visa' | 'pm_card_chargeDeclined'): Promise<BillingJson> {
  const res = await apiRequest('POST', '/api/billing/test-payment', { paymentMethod });
  return (await res.json()) as BillingJson;
}

export function useBillingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: { kind: 'cancel' | 'resume' } | { kind: 'change'; plan: PlanId; interval: BillingInterval }) => {
      const res =
        action.kind === 'change'
          ? await apiRequest(
              'POST',
              '/api/billing/change-plan',
              { plan: action.plan, interval: action.interval },
              { idempotencyKey: changeKey(queryClient, action) },
            )
          : await apiRequest('POST', `/api/billing/${action.kind}`);
      return (await res.json()) as BillingJson;
    },
    onSuccess: (billing) => queryClient.setQueryData(BILLING_QUERY_KEY, billing),
  });
}

/** One plan change per intent: the plan asked for, against the billing state the page knows. */
const changeKey = (queryClient: QueryClient, action: { plan: PlanId; interval: BillingInterval }) =>
  `change-${hashKey(JSON.stringify([action.plan, action.interval, queryClient.getQueryData(BILLING_QUERY_KEY) ?? null]))}`;

/**
 * The plan in words. Only an answer says 'No plan': while the plan loads it is '…', and when it
 * could not be loaded (offline, nothing kept) 'Plan not loaded'.
 */
export function planLabel({ data, isError }: { data: BillingJson | null | undefined; isError: boolean }): string {
  if (data === undefined) return isError ? 'Plan not loaded' : '…';
  return data?.entitlements.active && data.plan ? `${data.plan === 'pro' ? 'Pro' : 'Rookie'} plan` : 'No plan';
}
