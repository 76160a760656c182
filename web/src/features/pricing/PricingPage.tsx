import { useState } from 'react';
import { FaqSection, NoFreeTierBanner } from '../billing/components/Marketing';
import { IntervalToggle, PlanCards } from '../billing/components/PlanCards';
import type { BillingInterval } from '../billing/marketing';
import { PageHeader } from '../layout/components/PageHeader';

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
      <PlanCards interval={interval} />
      <FaqSection />
    </div>
  );
}
