import { BillingSection } from '../billing/components/BillingSection';
import { PageHeader } from '../layout/components/PageHeader';

export function SettingsPage() {
  return (
    <div className="grid gap-8">
      <PageHeader
        title="Settings"
        description="Your profile, e-mail notification preferences and privacy options."
      />
      <BillingSection />
    </div>
  );
}
