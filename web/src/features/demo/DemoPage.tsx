import { PageHeader } from '../layout/components/PageHeader';

export function DemoPage() {
  return (
    <PageHeader
      title="Demo Highlights"
      description="Sample highlight reels that show what Reelsmith makes from long sport, wedding, business and travel footage."
    />
  );
}
