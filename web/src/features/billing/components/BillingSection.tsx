import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CalendarX } from 'lucide-react';
import { Button, buttonVariants } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Progress } from '../../../components/ui/progress';
import { toast } from '../../../components/ui/use-toast';
import { errorWithoutData, getServerErrorMessage } from '../../../lib/api-client';
import { useBilling, useBillingAction } from '../api';

const dateOf = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—');

/** Plan, usage against its limits, invoices, change plan, cancel/resume (under /settings). */
export function BillingSection() {
  const billing = useBilling();
  const action = useBillingAction();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const data = billing.data;
  const run = (a: Parameters<typeof action.mutate>[0], done: string) =>
    action.mutate(a, {
      onSuccess: () => {
        setConfirmingCancel(false);
        toast({ title: done });
      },
      onError: (err) => toast({ variant: 'destructive', title: 'Error', description: getServerErrorMessage(err) ?? 'Please try again.' }),
    });

  if (billing.isLoading) return <section aria-label="Billing" className="h-40 animate-pulse rounded-2xl bg-muted" />;
  const failure = errorWithoutData(billing);
  if (failure) {
    return (
      <section aria-labelledby="billing-heading" className="grid gap-2 rounded-2xl border border-border bg-card p-6 shadow-xs" data-testid="billing-section">
        <h2 id="billing-heading" className="text-lg font-semibold tracking-tight">
          Billing
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="billing-plan">
          Your plan could not be loaded. {failure.message}
        </p>
      </section>
    );
  }
  const active = Boolean(data?.entitlements.active && data.plan);
  const limit = data?.entitlements.monthlyUploads ?? null;
  const used = data?.usage.uploadsThisMonth ?? 0;

  return (
    <section aria-labelledby="billing-heading" className="grid gap-5 rounded-2xl border border-border bg-card p-6 shadow-xs" data-testid="billing-section">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="billing-heading" className="text-lg font-semibold tracking-tight">
            Billing
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="billing-plan">
            {active
              ? `${data!.plan === 'pro' ? 'Pro' : 'Rookie'} plan, billed ${data!.interval === 'year' ? 'yearly' : 'monthly'} · ${data!.status}`
              : 'No plan'}
          </p>
          {active && (
            <p className="text-sm text-muted-foreground">
              {data!.cancelAtPeriodEnd ? `Ends on ${dateOf(data!.currentPeriodEnd)}` : `Renews on ${dateOf(data!.currentPeriodEnd)}`}
            </p>
          )}
          {!active && data?.entitlements.reason && <p className="mt-1 text-sm text-amber-700">{data.entitlements.reason}</p>}
        </div>
        {!active && (
          <Link to="/pricing" className={buttonVariants()}>
            See plans
          </Link>
        )}
      </div>

      {active && (
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <p className="mb-1 text-xs font-medium">
              Uploads this month: {used}
              {limit ? ` of ${limit}` : ' (unlimited)'}
            </p>
            <Progress value={limit ? (used / limit) * 100 : 0} label="Uploads this month" />
          </div>
          <div>
            <p className="mb-1 text-xs font-medium">Video length: up to {data!.entitlements.maxVideoMinutes} minutes</p>
            <p className="text-xs text-muted-foreground">
              {data!.entitlements.allTracks ? 'Every music track' : 'Free-tier music tracks'} ·{' '}
              {data!.entitlements.bulk ? 'Bulk processing' : 'One video at a time'}
              {data!.entitlements.analytics && (
                <>
                  {' · '}
                  <Link to="/analytics" className="font-medium underline underline-offset-2">
                    Advanced analytics
                  </Link>
                </>
              )}
            </p>
          </div>
        </div>
      )}

      {active && (
        <div className="flex flex-wrap gap-2">
          {data!.plan === 'rookie' ? (
            <Button
              disabled={action.isPending}
              onClick={() => run({ kind: 'change', plan: 'pro', interval: data!.interval === 'year' ? 'year' : 'month' }, 'Plan changed to Pro')}
            >
              Upgrade to Pro
            </Button>
          ) : (
            <Button
              variant="outline"
              disabled={action.isPending}
              onClick={() => run({ kind: 'change', plan: 'rookie', interval: data!.interval === 'year' ? 'year' : 'month' }, 'Plan changed to Rookie')}
            >
              Switch to Rookie
            </Button>
          )}
          {data!.cancelAtPeriodEnd ? (
            <Button variant="outline" disabled={action.isPending} onClick={() => run({ kind: 'resume' }, 'Subscription resumed')}>
              Resume subscription
            </Button>
          ) : (
            <Button variant="outline" disabled={action.isPending} onClick={() => setConfirmingCancel(true)} data-testid="cancel-plan">
              Cancel at period end
            </Button>
          )}
        </div>
      )}
      {active && (
        <ConfirmDialog
          open={confirmingCancel}
          onOpenChange={setConfirmingCancel}
          title="Cancel your plan?"
          description={`Your ${data!.plan === 'pro' ? 'Pro' : 'Rookie'} plan stays active until ${dateOf(data!.currentPeriodEnd)}. After that, uploads and new reels need a plan again. You can resume any time before then.`}
          confirmLabel="Cancel at period end"
          pendingLabel="Canceling…"
          dismissLabel="Keep my plan"
          icon={<CalendarX aria-hidden="true" />}
          pending={action.isPending}
          onConfirm={() => run({ kind: 'cancel' }, 'Subscription canceled at period end')}
          testId="cancel-plan-dialog"
          confirmTestId="cancel-plan-confirm"
        />
      )}

      {(data?.invoices.length ?? 0) > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left text-xs font-medium text-muted-foreground">Invoices</caption>
            <thead>
              <tr className="text-xs text-muted-foreground">
                <th className="py-1 pr-3 font-medium">Date</th>
                <th className="py-1 pr-3 font-medium">Number</th>
                <th className="py-1 pr-3 font-medium">Amount</th>
                <th className="py-1 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {data!.invoices.map((i) => (
                <tr key={i.id} className="border-t border-border">
                  <td className="py-1.5 pr-3">{dateOf(i.createdAt)}</td>
                  <td className="py-1.5 pr-3">{i.number ?? '—'}</td>
                  <td className="py-1.5 pr-3">${i.amount.toFixed(2)}</td>
                  <td className="py-1.5">{i.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
