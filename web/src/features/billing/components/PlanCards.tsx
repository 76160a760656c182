import { Check, CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '../../../components/ui/button';
import { Segmented } from '../../../components/ui/segmented';
import { cn } from '../../../lib/utils';
import { useBilling } from '../api';
import { type BillingInterval, PLANS, priceLabel, SAVE_LABEL } from '../marketing';

export function IntervalToggle({ value, onChange, touch = false }: { value: BillingInterval; onChange: (v: BillingInterval) => void; touch?: boolean }) {
  return (
    <Segmented
      legend="Billing period"
      // A width of its own: in a row of actions (the pricing header) a percentage would shrink it below its labels.
      className={touch ? 'w-full' : 'w-full max-w-xs sm:w-72'}
      size={touch ? 'lg' : 'default'}
      data-testid="interval-toggle"
      value={value}
      onChange={onChange}
      options={[
        { value: 'month', label: 'Monthly' },
        {
          value: 'year',
          label: (
            <span>
              Yearly <span className="font-semibold text-emerald-700">{SAVE_LABEL}</span>
            </span>
          ),
        },
      ]}
    />
  );
}

/**
 * The two plan cards; their buttons go to /subscribe?plan=... (with the interval when yearly), or
 * to `subscribePath` (the phone's /mobile/subscribe). A subscriber's plan shows as current, and the
 * other one leads to `changePlanPath` (the Billing section; null on the phone, which has none).
 * `touch`: 44 px buttons and tighter cards. `headingLevel`: 2 right under a page's title, 3 under a section's.
 */
export function PlanCards({
  interval,
  subscribePath = '/subscribe',
  changePlanPath = '/settings',
  touch = false,
  headingLevel = 3,
}: {
  interval: BillingInterval;
  subscribePath?: string;
  changePlanPath?: string | null;
  touch?: boolean;
  headingLevel?: 2 | 3;
}) {
  const PlanName = headingLevel === 2 ? 'h2' : 'h3';
  const billing = useBilling();
  const current = billing.data?.entitlements.active ? billing.data.plan : null;
  const action = cn('mt-6 w-full', touch && 'h-12 text-base');
  return (
    <div className={cn('grid md:grid-cols-2', touch ? 'gap-4' : 'gap-5')}>
      {PLANS.map((plan) => {
        const marked = current ? plan.id === current : plan.popular;
        return (
          <article
            key={plan.id}
            data-testid={`plan-${plan.id}`}
            className={cn(
              'flex flex-col rounded-2xl border bg-card shadow-xs',
              touch ? 'p-5' : 'p-6',
              marked ? 'border-brand ring-1 ring-brand' : 'border-border',
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <PlanName className="text-lg font-semibold">{plan.name}</PlanName>
              <span className="rounded-full bg-brand-soft px-2.5 py-1 text-xs font-semibold text-brand-strong">{plan.highlight}</span>
            </div>
            <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p>
            <p className="mt-4 text-3xl font-semibold tracking-tight" data-testid={`price-${plan.id}`}>
              {priceLabel(plan, interval)}
            </p>
            {interval === 'year' && <p className="text-xs font-medium text-emerald-700">{SAVE_LABEL} against monthly</p>}
            <ul className="mt-5 grid flex-1 gap-2 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
            {plan.id === current ? (
              <p
                data-testid="current-plan"
                className={cn('flex h-10 items-center justify-center gap-2 rounded-lg bg-emerald-50 text-sm font-semibold text-emerald-800', action)}
              >
                <CheckCircle2 className="size-4" aria-hidden="true" />
                Your current plan
              </p>
            ) : current ? (
              changePlanPath ? (
                <Link to={changePlanPath} className={cn(buttonVariants({ variant: 'outline' }), action)}>
                  Switch to {plan.name} in Settings
                </Link>
              ) : (
                <p className={cn(action, 'text-center text-sm text-muted-foreground')}>Switching plans is on the desktop version, under Settings.</p>
              )
            ) : (
              <Link
                to={`${subscribePath}?plan=${plan.id}${interval === 'year' ? '&interval=year' : ''}`}
                className={cn(buttonVariants({ variant: plan.popular ? 'default' : 'outline' }), action)}
              >
                {plan.cta}
              </Link>
            )}
          </article>
        );
      })}
    </div>
  );
}
