import { CreditCard } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../layout/components/PageHeader';
import { PLAN_NAMES, parsePlan } from './plan';

export function SubscribePage() {
  const [params] = useSearchParams();
  const plan = parsePlan(params.get('plan'));

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
      <section
        aria-labelledby="payment-setup-title"
        className="flex max-w-xl flex-col items-start gap-4 rounded-2xl border border-border bg-card p-6 shadow-xs sm:flex-row sm:p-8"
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-amber-600">
          <CreditCard className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 id="payment-setup-title" className="text-lg font-semibold tracking-tight">
            Payment Setup Required
          </h2>
          <p className="mt-1 text-[15px] text-muted-foreground">
            Payment processing is being configured. Please check back soon!
          </p>
        </div>
      </section>
    </div>
  );
}
