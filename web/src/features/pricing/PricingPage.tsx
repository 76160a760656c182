import { PageHeader } from '../layout/components/PageHeader';

export function PricingPage() {
  return (
    <PageHeader
      title="Pricing"
      description="Two plans, Rookie and Pro, billed monthly or yearly. There is no free tier."
    />
  );
}
