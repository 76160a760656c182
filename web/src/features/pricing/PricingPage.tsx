import { useState } from 'react';
import { FaqSection, NoFreeTierBanner, IntervalToggle, PlanCards, type BillingInterval } from '../billing';
import { PageHeader } from '../../components/layout/PageHeader';

export function PricingPage() {
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  return (
    <div className="grid gap-8">
      <PageHeader
        title="Pricing"
        description="Two plans, Rookie and Pro, billed monthly or yearly. There is no free tier."
        actions={<IntervalToggle value={interval} onChange={setBillingInterval} />}
      />
      <NoFreeTierBanner />
      <PlanCards interval={interval} headingLevel={2} />
      <FaqSection id="faq" />
    </div>
  );
}
