import { useSearchParams } from 'react-router-dom';
import type { BillingInterval } from '../billing';
import { PageHeader } from '../../components/layout/PageHeader';
import { PLAN_NAMES, parsePlan } from './plan';
import { SubscribeCheckout } from './SubscribeCheckout';

/** /subscribe?plan=rookie|pro[&interval=year]: the checkout of the chosen plan. */
export function SubscribePage() {
  const [params] = useSearchParams();
  const plan = parsePlan(params.get('plan'));
  const interval: BillingInterval = params.get('interval') === 'year' ? 'year' : 'month';
  return (
    <div className="grid gap-8">
      <PageHeader
        title="Subscribe"
        description="Start your Reelsmith subscription."
        eyebrow={
          <span
            data-testid="selected-plan"
            data-plan={plan}
            className="inline-flex items-center rounded-full bg-brand-soft px-2.5 py-1 text-xs font-semibold text-brand-strong"
          >
            {PLAN_NAMES[plan]} plan
          </span>
        }
      />
      <SubscribeCheckout key={`${plan}:${interval}`} plan={plan} interval={interval} />
    </div>
  );
}
