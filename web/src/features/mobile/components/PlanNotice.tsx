import { Link } from 'react-router-dom';
import { Sparkles } from 'lucide-react';
import { useBilling } from '../../billing';
import { MOBILE_SUBSCRIBE } from '../paths';

/**
 * Shown on the phone while the account has no active plan (there is no free tier): uploads and
 * reels would be refused (402), so it leads to the plans instead.
 */
export function PlanNotice({ what = 'Uploading and making reels' }: { what?: string }) {
  const billing = useBilling();
  if (!billing.data || billing.data.entitlements.active) return null;
  return (
    <div className="grid gap-3 rounded-2xl border border-brand/40 bg-brand-soft p-4" data-testid="plan-notice">
      <p className="flex items-start gap-2 text-sm text-foreground">
        <Sparkles className="mt-0.5 size-4 shrink-0 text-brand-strong" aria-hidden="true" />
        <span>
          <span className="font-semibold">{what} needs a plan.</span> There is no free tier: pick Rookie or Pro, monthly or yearly.
        </span>
      </p>
      <Link
        to={MOBILE_SUBSCRIBE}
        className="inline-flex min-h-12 items-center justify-center rounded-xl bg-brand-strong px-5 text-base font-semibold text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        Choose a plan
      </Link>
    </div>
  );
}
