import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { cn } from '../../../lib/utils';
import { useBilling, NoFreeTierBanner, IntervalToggle, PlanCards, type BillingInterval } from '../../billing';
import { PLAN_NAMES, parsePlan, SubscribeCheckout } from '../../subscribe';
import { MOBILE_BASE, MOBILE_SUBSCRIBE } from '../paths';

const back =
  'inline-flex min-h-11 items-center gap-1.5 self-start rounded-lg text-sm font-medium text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * Subscribing on a phone (/mobile/subscribe): the two plans with the monthly/yearly choice, then,
 * with ?plan=, the same checkout as the desktop's /subscribe (SubscribeCheckout), and back to the
 * phone app's upload once the plan is active.
 */
export function MobileSubscribe() {
  const [params] = useSearchParams();
  const chosen = params.get('plan');
  return chosen ? <Checkout plan={parsePlan(chosen)} interval={params.get('interval') === 'year' ? 'year' : 'month'} /> : <Plans />;
}

function Plans() {
  useDocumentTitle('Choose a plan');
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const billing = useBilling();
  const active = billing.data?.entitlements.active && billing.data.plan ? parsePlan(billing.data.plan) : null;
  return (
    <section className="grid gap-4" aria-labelledby="plans-heading" data-testid="mobile-plans">
      <div>
        <h1 id="plans-heading" className="text-2xl font-semibold tracking-tight">
          Choose a plan
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">Uploads and reels need a plan: Rookie or Pro, monthly or yearly. Cancel anytime.</p>
      </div>
      {active && (
        <p role="status" className="flex items-center gap-2 rounded-xl bg-emerald-50 p-3 text-sm font-medium text-emerald-900">
          <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
          You are on the {PLAN_NAMES[active]} plan.
        </p>
      )}
      <NoFreeTierBanner />
      <IntervalToggle value={interval} onChange={setBillingInterval} touch />
      <PlanCards interval={interval} subscribePath={MOBILE_SUBSCRIBE} changePlanPath={null} touch headingLevel={2} />
    </section>
  );
}

function Checkout({ plan, interval }: { plan: ReturnType<typeof parsePlan>; interval: BillingInterval }) {
  useDocumentTitle('Subscribe');
  return (
    <section className="grid gap-4" aria-labelledby="subscribe-heading" data-testid="mobile-subscribe">
      <Link to={MOBILE_SUBSCRIBE} className={back}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        All plans
      </Link>
      <div>
        <span
          data-testid="selected-plan"
          data-plan={plan}
          className="inline-flex items-center rounded-full bg-brand-soft px-2.5 py-1 text-xs font-semibold text-brand-strong"
        >
          {PLAN_NAMES[plan]} plan
        </span>
        <h1 id="subscribe-heading" className="mt-2 text-2xl font-semibold tracking-tight">
          Subscribe
        </h1>
      </div>
      <SubscribeCheckout
        key={`${plan}:${interval}`}
        plan={plan}
        interval={interval}
        uploadPath={`${MOBILE_BASE}/upload`}
        touch
        doneLinks={
          <Link to={MOBILE_BASE} className={cn(buttonVariants({ variant: 'outline' }), 'min-h-12 w-full text-base')}>
            Back to My Videos
          </Link>
        }
      />
    </section>
  );
}
