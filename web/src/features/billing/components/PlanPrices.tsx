import { PLANS, priceLabel, SAVE_LABEL } from '../marketing';

/** The two plans in short, for a visitor (the sign-in page): name, label, prices and what sets them apart. */
export function PlanPrices() {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {PLANS.map((plan) => (
        <li key={plan.id} data-testid={`plan-summary-${plan.id}`} className="rounded-xl bg-white/[0.05] p-4 ring-1 ring-white/10">
          <p className="flex items-center justify-between gap-2">
            <span className="font-semibold text-white">{plan.name}</span>
            <span className="rounded-full bg-brand/15 px-2 py-0.5 text-[11px] font-semibold text-brand">{plan.highlight}</span>
          </p>
          <p className="mt-2 text-2xl font-semibold tracking-tight text-white" data-testid={`plan-summary-price-${plan.id}`}>
            {priceLabel(plan, 'month')}
          </p>
          <p className="text-xs text-sidebar-foreground">
            or <span data-testid={`plan-summary-yearly-${plan.id}`}>{priceLabel(plan, 'year')}</span> ({SAVE_LABEL.toLowerCase()})
          </p>
          <p className="mt-2 text-[13px] leading-snug text-sidebar-foreground">{plan.features.slice(0, 2).join(' · ')}</p>
        </li>
      ))}
    </ul>
  );
}
