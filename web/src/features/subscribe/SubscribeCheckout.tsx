import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CreditCard, FlaskConical, Loader2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonVariants } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { getServerErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/utils';
import { BILLING_QUERY_KEY, type PlanId } from '../../config/constants';
import { createSubscription, payWithTestCard, useBilling, type BillingInterval, PLANS, priceLabel } from '../billing';
import { PLAN_NAMES } from './plan';
import { StripePaymentForm } from './StripePaymentForm';

const INIT_FAILED = 'Failed to initialize payment. Please try again.';
type Step = 'starting' | 'ready' | 'paying' | 'waiting' | 'active' | 'failed';

/**
 * The checkout of /subscribe (desktop) and /mobile/subscribe (phones): creates the subscription,
 * takes the payment (Stripe's Payment Element, or the local Stripe server's test cards), waits for
 * the webhook to make the plan active, then offers the upload. `touch`: controls at least 44 px and
 * stacked for a phone; `uploadPath` and `doneLinks` say where the user goes next.
 */
export function SubscribeCheckout({
  plan,
  interval,
  uploadPath = '/upload',
  touch = false,
  doneLinks,
}: {
  plan: PlanId;
  interval: BillingInterval;
  uploadPath?: string;
  touch?: boolean;
  /** Extra links beside 'Upload a video' once the plan is active. */
  doneLinks?: ReactNode;
}) {
  const [step, setStep] = useState<Step>('starting');
  const [error, setError] = useState<string | null>(null);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const billing = useBilling({ poll: step === 'waiting' });
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    createSubscription(queryClient, plan, interval)
      .then((created) => {
        setClientSecret(created.clientSecret);
        setStep('ready');
      })
      .catch((err) => {
        setStep('failed');
        setError(getServerErrorMessage(err) ?? INIT_FAILED);
        toast({ variant: 'destructive', title: 'Error', description: INIT_FAILED });
      });
  }, [plan, interval, queryClient]);

  useEffect(() => {
    if (step === 'waiting' && billing.data?.status === 'active' && billing.data.entitlements.active) setStep('active');
  }, [step, billing.data]);

  const pay = async (card: 'pm_card_visa' | 'pm_card_chargeDeclined') => {
    setStep('paying');
    setError(null);
    try {
      await payWithTestCard(card);
      setStep('waiting');
      void queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY });
    } catch (err) {
      setStep('ready');
      setError(getServerErrorMessage(err) ?? 'The payment failed. Please try again.');
    }
  };

  const details = PLANS.find((p) => p.id === plan)!;
  const card = cn('rounded-2xl border border-border bg-card shadow-xs', touch ? 'p-4' : 'max-w-xl p-6');
  const big = touch ? 'min-h-12 text-base' : 'min-h-10';
  return (
    <>
      <section aria-labelledby="order-title" className={card}>
        <h2 id="order-title" className="text-lg font-semibold tracking-tight">
          {PLAN_NAMES[plan]} · {interval === 'year' ? 'yearly' : 'monthly'}
        </h2>
        <p className="mt-1 text-2xl font-semibold" data-testid="subscribe-price">
          {priceLabel(details, interval)}
        </p>
        <p className="mt-1 text-sm text-muted-foreground">{details.description}</p>
      </section>

      <section aria-labelledby="payment-title" className={cn(card, 'grid gap-4')}>
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-amber-600">
            <CreditCard className="size-5" aria-hidden="true" />
          </span>
          <h2 id="payment-title" className="text-lg font-semibold tracking-tight">
            Payment
          </h2>
        </div>
        {step === 'starting' && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Preparing your payment…
          </p>
        )}
        {step === 'failed' && (
          <div role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-800">
            <p className="font-semibold">{INIT_FAILED}</p>
            {error && error !== INIT_FAILED && <p className="mt-1">{error}</p>}
          </div>
        )}
        {(step === 'ready' || step === 'paying') &&
          (billing.data && !billing.data.testMode ? (
            billing.data.publishableKey && clientSecret ? (
              <StripePaymentForm
                publishableKey={billing.data.publishableKey}
                clientSecret={clientSecret}
                onPaid={() => {
                  setStep('waiting');
                  void queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY });
                }}
              />
            ) : (
              <p role="alert" className="text-sm font-medium text-red-700">
                {INIT_FAILED}
              </p>
            )
          ) : (
            <div className="grid gap-3" data-testid="test-payment-form">
              <p className="flex items-start gap-2 rounded-xl border border-dashed border-amber-400 bg-amber-50 p-3 text-sm text-amber-900">
                <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  <strong>Test mode</strong> — this server uses a local Stripe test server. No real card is charged: pick one of Stripe's test cards.
                </span>
              </p>
              <div className={cn('grid gap-2', !touch && 'sm:grid-cols-2')}>
                <Button className={cn('h-auto whitespace-normal py-2', big)} disabled={step === 'paying'} onClick={() => void pay('pm_card_visa')}>
                  Pay with test card 4242 4242 4242 4242
                </Button>
                <Button
                  variant="outline"
                  className={cn('h-auto whitespace-normal py-2', big)}
                  disabled={step === 'paying'}
                  onClick={() => void pay('pm_card_chargeDeclined')}
                >
                  Use declined test card 4000 0000 0000 0002
                </Button>
              </div>
              {error && (
                <p role="alert" className="text-sm font-medium text-red-700">
                  {error}
                </p>
              )}
            </div>
          ))}
        {step === 'waiting' && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Payment sent. Waiting for Stripe to confirm your plan…
          </p>
        )}
        {step === 'active' && (
          <div role="status" className="grid gap-3 rounded-xl bg-emerald-50 p-4 text-emerald-900" data-testid="subscription-active">
            <p className="flex items-center gap-2 font-semibold">
              <CheckCircle2 className="size-5" aria-hidden="true" />
              Your {PLAN_NAMES[plan]} plan is active.
            </p>
            <div className={cn('flex flex-wrap gap-2', touch && 'grid')}>
              <Link to={uploadPath} className={buttonVariants({ className: cn(touch ? 'min-h-12 w-full text-base' : 'w-fit') })}>
                Upload a video
              </Link>
              {doneLinks}
            </div>
          </div>
        )}
      </section>
    </>
  );
}
