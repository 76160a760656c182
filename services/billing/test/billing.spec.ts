import type { INestApplication } from '@nestjs/common';
import { createRpcClient, ErrorCode, type RpcClient } from '@reelsmith/kit';
import { billingV1, commonV1 } from '@reelsmith/proto';
import { fromBinary } from '@bufbuild/protobuf';
import { anyUnpack } from '@bufbuild/protobuf/wkt';
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import Stripe from 'stripe';
import { type NatsServer, startNatsServer, stopNatsServer } from '../../../test/support/infra';
import { rejection } from '../../../test/support/rpc';
import { startServiceApp } from '../../../test/support/service-app';
import { startLocalStripe } from '../../../test/support/stack';
import { BillingModule } from '../src/billing.module';
import { configSchema } from '../src/config';

const Rpc = billingV1.BillingService.method;
const WEBHOOK_SECRET = 'whsec_integration_test';

// The billing service against the local Stripe server, on a NATS of its own (the integration
// layer's shared NATS has a billing stand-in for the other services' tests).
describe('billing service against the local Stripe server', () => {
  let nats: NatsServer;
  let stripeServer: Awaited<ReturnType<typeof startLocalStripe>>;
  let stripe: Stripe;
  let app: INestApplication;
  let client: RpcClient;
  let nc: NatsConnection;
  const published: billingV1.SubscriptionUpdated[] = [];
  let env: Record<string, string>;

  const startBilling = () => startServiceApp('billing', configSchema, (c) => BillingModule.register(c), { env });

  beforeAll(async () => {
    nats = await startNatsServer();
    stripeServer = await startLocalStripe();
    const { port } = stripeServer;
    env = {
      NATS_URL: nats.url,
      STRIPE_SECRET_KEY: 'sk_test_integration',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    };
    stripe = new Stripe('sk_test_integration', { host: '127.0.0.1', port, protocol: 'http' });
    app = await startBilling();
    client = createRpcClient(nats.url, 10_000);
    await client.connect();
    nc = await connect({ servers: nats.url });
    nc.subscribe('evt.billing.subscription.updated', {
      callback: (_err, msg) => {
        const envelope = fromBinary(commonV1.EventEnvelopeSchema, msg.data);
        published.push(anyUnpack(envelope.payload!, billingV1.SubscriptionUpdatedSchema) as billingV1.SubscriptionUpdated);
      },
    });
  });

  afterAll(async () => {
    await client?.close();
    await nc?.close();
    await app?.close();
    await stripeServer?.stop();
    if (nats) await stopNatsServer(nats);
  });

  async function webhook(type: string, object: unknown, created: number, id = `evt_${randomUUID()}`) {
    const payload = JSON.stringify({ id, object: 'event', type, created, data: { object } });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return client.call(Rpc.webhookHandle, { payload: new TextEncoder().encode(payload), signature });
  }

  test('creates its products and plans once: a restart finds them', async () => {
    const ours = async () =>
      (await stripe.plans.list({ limit: 100 })).data
        .filter((p) => p.id.startsWith('reelsmith_'))
        .map((p) => [p.id, p.amount, p.interval])
        .sort();
    const before = await ours();
    expect(before).toEqual([
      ['reelsmith_pro_month', 999, 'month'],
      ['reelsmith_pro_year', 9600, 'year'],
      ['reelsmith_rookie_month', 499, 'month'],
      ['reelsmith_rookie_year', 4800, 'year'],
    ]);
    const second = await startBilling();
    await second.close();
    expect(await ours()).toEqual(before);
  });

  test('two replicas starting at once against an empty Stripe both come up, with one catalogue', async () => {
    const fresh = await startLocalStripe();
    const { port } = fresh;
    try {
      const replicaEnv = { ...env, STRIPE_API_PORT: String(port) };
      const start = () => startServiceApp('billing', configSchema, (c) => BillingModule.register(c), { env: replicaEnv });
      const replicas = await Promise.all([start(), start()]);
      await Promise.all(replicas.map((r) => r.close()));
      const plans = (await new Stripe('sk_test_integration', { host: '127.0.0.1', port, protocol: 'http' }).plans.list({ limit: 100 })).data;
      expect(plans.map((p) => p.id).sort()).toEqual(['reelsmith_pro_month', 'reelsmith_pro_year', 'reelsmith_rookie_month', 'reelsmith_rookie_year']);
    } finally {
      await fresh.stop();
    }
  });

  test('one customer per user, an incomplete subscription, its payment confirmed, then the signed webhook activates it once', async () => {
    const userId = randomUUID();
    const first = await client.call(Rpc.subscriptionCreate, { userId, plan: 'pro', interval: 'year' });
    const again = await client.call(Rpc.subscriptionCreate, { userId, plan: 'pro', interval: 'year' });
    expect(again.clientSecret).toBe(first.clientSecret);
    const customers = (await stripe.customers.list({ limit: 100 })).data.filter((c) => c.metadata?.userId === userId);
    expect(customers).toHaveLength(1);
    expect(await client.call(Rpc.entitlementsGet, { userId })).toMatchObject({ active: false });

    // What the Payment Element does in the browser: confirm the PaymentIntent of the first invoice.
    const intentId = first.clientSecret.split('_secret_')[0];
    await expect(stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_chargeDeclined' })).rejects.toThrow(/declined/);
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    expect((await client.call(Rpc.entitlementsGet, { userId })).active).toBe(false);

    const subscription = await stripe.subscriptions.retrieve(first.subscriptionId);
    expect(subscription.status).toBe('active');
    const eventId = `evt_${randomUUID()}`;
    const count = published.length;
    expect(await webhook('customer.subscription.updated', subscription, Math.floor(Date.now() / 1000) + 1, eventId)).toMatchObject({ applied: true });
    expect(await webhook('customer.subscription.updated', subscription, Math.floor(Date.now() / 1000) + 1, eventId)).toMatchObject({ applied: false });
    expect(await client.call(Rpc.entitlementsGet, { userId })).toMatchObject({ active: true, plan: 'pro', bulk: true });
    // Billing publishes before it answers, and NATS had handed our subscription everything it got
    // before the PONG to this flush: every event of both webhooks is in `published` now.
    await nc.flush();
    expect(
      published
        .slice(count)
        .filter((e) => e.userId === userId)
        .map((e) => [e.plan, e.status]),
    ).toEqual([['pro', 'active']]);

    // An older state (the creation event, delivered late) changes nothing.
    expect(await webhook('customer.subscription.created', { ...subscription, status: 'incomplete' }, Math.floor(Date.now() / 1000) - 30)).toMatchObject({
      applied: true,
    });
    expect(await client.call(Rpc.entitlementsGet, { userId })).toMatchObject({ active: true });
    const overview = await client.call(Rpc.billingGet, { userId });
    expect(overview).toMatchObject({ plan: 'pro', interval: 'year', status: 'active', testMode: true });
    expect(overview.invoices.map((i) => [Number(i.amount), i.status])).toEqual([[9600, 'paid']]);
  });

  test('a forged signature is refused and changes nothing', async () => {
    const userId = randomUUID();
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.updated',
      created: 1,
      data: { object: { id: 'sub_x', status: 'active', metadata: { userId, plan: 'pro' } } },
    });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const failure = await rejection(client.call(Rpc.webhookHandle, { payload: new TextEncoder().encode(payload), signature }));
    expect(failure.code).toBe(ErrorCode.INVALID_ARGUMENT);
    expect((await client.call(Rpc.entitlementsGet, { userId })).active).toBe(false);
  });

  test('cancel at period end, resume and change plan go through Stripe', async () => {
    const userId = randomUUID();
    const created = await client.call(Rpc.subscriptionCreate, { userId, plan: 'rookie' });
    await client.call(Rpc.testPayment, { userId, paymentMethod: 'pm_card_visa' });
    await webhook('customer.subscription.updated', await stripe.subscriptions.retrieve(created.subscriptionId), Math.floor(Date.now() / 1000));
    const canceled = await client.call(Rpc.subscriptionCancel, { userId });
    expect(canceled).toMatchObject({ cancelAtPeriodEnd: true, status: 'active', entitlements: { active: true } });
    expect((await stripe.subscriptions.retrieve(created.subscriptionId)).cancel_at_period_end).toBe(true);
    expect((await client.call(Rpc.subscriptionResume, { userId })).cancelAtPeriodEnd).toBe(false);
    const pro = await client.call(Rpc.subscriptionChange, { userId, plan: 'pro' });
    expect(pro).toMatchObject({ plan: 'pro', interval: 'month', entitlements: { monthlyUploads: 0 } });
    expect((await stripe.subscriptions.retrieve(created.subscriptionId)).items.data[0].plan.id).toBe('reelsmith_pro_month');
    expect((await rejection(client.call(Rpc.subscriptionCreate, { userId, plan: 'rookie' }))).code).toBe(ErrorCode.CONFLICT);
  });
});
