import { ErrorCode, RpcFailure } from '@reelsmith/kit';
import type Stripe from 'stripe';
import type { BillingRepository } from './billing.repository';
import { BillingService } from './billing.service';
import type { BillingConfig } from './config';

const config = (extra: Partial<BillingConfig> = {}) => ({
  STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', BILLING_PAST_DUE_GRACE_DAYS: 7, ...extra,
}) as BillingConfig;
const untouchable = new Proxy({}, { get: () => { throw new Error('must not be called'); } });
const service = (c: BillingConfig) => new BillingService(untouchable as Stripe, untouchable as BillingRepository, untouchable as never, c, untouchable as never);

async function failure(promise: Promise<unknown>): Promise<RpcFailure> {
  try { await promise; } catch (err) { if (err instanceof RpcFailure) return err; throw err; }
  throw new Error('expected a failure');
}

describe('BillingService.testPayment', () => {
  it('does not exist against real Stripe (NOT_FOUND before anything is touched)', async () => {
    expect((await failure(service(config()).testPayment('u', 'pm_card_visa'))).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('takes only the two test payment methods against the local server', async () => {
    const local = service(config({ STRIPE_API_HOST: '127.0.0.1' }));
    expect((await failure(local.testPayment('u', 'pm_card_mastercard'))).code).toBe(ErrorCode.INVALID_ARGUMENT);
  });
});

describe('BillingService.webhook', () => {
  it('refuses an unsigned or forged payload before reading anything', async () => {
    const stripe = { webhooks: { constructEvent: () => { throw new Error('No signatures found'); } } };
    const billing = new BillingService(stripe as unknown as Stripe, untouchable as BillingRepository, untouchable as never, config(), untouchable as never);
    expect((await failure(billing.webhook(new TextEncoder().encode('{}'), 't=1,v1=bad'))).code).toBe(ErrorCode.INVALID_ARGUMENT);
  });
});
