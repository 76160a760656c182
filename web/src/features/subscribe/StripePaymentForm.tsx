import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe's Payment Element for the subscription's first invoice (real Stripe: a publishable key is configured). */
export function StripePaymentForm({ publishableKey, clientSecret, onPaid }: { publishableKey: string; clientSecret: string; onPaid: () => void }) {
  const stripe = useMemo(() => {
    if (!loaded.has(publishableKey)) loaded.set(publishableKey, loadStripe(publishableKey));
    return loaded.get(publishableKey)!;
  }, [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <PaymentForm onPaid={onPaid} />
    </Elements>
  );
}

function PaymentForm({ onPaid }: { onPaid: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  const pay = async () => {
    if (!stripe || !elements) return;
    setPaying(true);
    setError(null);
    const result = await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: window.location.href } });
    setPaying(false);
    if (result.error) setError(result.error.message ?? 'The payment failed. Please try again.');
    else onPaid();
  };

  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void pay();
      }}
      data-testid="stripe-payment-form"
    >
      <PaymentElement />
      <Button type="submit" disabled={!stripe || paying}>
        Pay and subscribe
      </Button>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
