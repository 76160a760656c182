import { PageHeader } from '../layout/components/PageHeader';

export function SettingsPage() {
  return (
    <PageHeader
      title="Settings"
      description="Your profile, e-mail notification preferences and privacy options."
    />
  );
}
