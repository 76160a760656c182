import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { BillingConfig } from './config';
import { PaymentDeclinedError, PaymentRefusedError, PaymentsUnavailableError, WebhookSignatureError } from './payments.port';
import { createStripe, STRIPE_API_VERSION, StripeGateway } from './stripe.gateway';

// The Stripe gateway against a canned HTTP server on 127.0.0.1 (what Stripe answers, not Stripe).
describe('StripeGateway', () => {
  let server: Server;
  let port: number;
  const requests: Array<{ method: string; url: string; version: string | undefined; body: string }> = [];
  let answer: (req: IncomingMessage) => { status: number; body: unknown } = () => ({ status: 200, body: {} });

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        requests.push({ method: req.method!, url: req.url!, version: req.headers['stripe-version'] as string | undefined, body: decodeURIComponent(body) });
        const { status, body: reply } = answer(req);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' }).end(JSON.stringify(reply));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    requests.length = 0;
  });

  const config = {
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PROTOCOL: 'http',
  } as BillingConfig;
  const gateway = () => StripeGateway.fromConfig({ ...config, STRIPE_API_PORT: port });

  const acaciaSubscription = {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'incomplete',
    created: 1_700_000_000,
    current_period_end: 1_702_592_000,
    cancel_at_period_end: false,
    metadata: { userId: 'u1' },
    items: { object: 'list', data: [{ id: 'si_1', plan: { id: 'reelsmith_pro_month' }, price: { id: 'reelsmith_pro_month' } }] },
    latest_invoice: { id: 'in_1', payment_intent: { id: 'pi_1', client_secret: 'pi_1_secret_abc' } },
  };

  it('asks for the pinned API version and reads its shapes (payment intent on the invoice, period end on the subscription)', async () => {
    answer = () => ({ status: 200, body: acaciaSubscription });
    const subscription = await gateway().createSubscription({ customerId: 'cus_1', planId: 'reelsmith_pro_month', metadata: { userId: 'u1' } });
    expect(subscription).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'incomplete',
      created: 1_700_000_000,
      currentPeriodEnd: 1_702_592_000,
      cancelAtPeriodEnd: false,
      itemId: 'si_1',
      planId: 'reelsmith_pro_month',
      metadata: { userId: 'u1' },
      payment: { id: 'pi_1', clientSecret: 'pi_1_secret_abc' },
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/v1/subscriptions', version: STRIPE_API_VERSION });
    expect(requests[0].body).toContain('payment_behavior=default_incomplete');
    expect(requests[0].body).toContain('expand[0]=latest_invoice.payment_intent');
    expect(requests[0].body).toContain('items[0][plan]=reelsmith_pro_month');
  });

  it('reads the period end from the items too (what webhooks of a newer endpoint version carry)', () => {
    const stripe = createStripe({ ...config, STRIPE_API_PORT: port });
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'customer.subscription.updated',
      created: 1_700_000_100,
      data: {
        object: {
          ...acaciaSubscription,
          current_period_end: undefined,
          latest_invoice: 'in_1',
          customer: { id: 'cus_2' },
          items: { data: [{ id: 'si_1', current_period_end: 1_705_000_000, price: { id: 'price_x' } }] },
        },
      },
    });
    const event = gateway().webhookEvent(new TextEncoder().encode(payload), stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_x' }));
    expect(event).toMatchObject({
      id: 'evt_1',
      created: 1_700_000_100,
      subscription: { customerId: 'cus_2', currentPeriodEnd: 1_705_000_000, planId: 'price_x', payment: null },
    });
    expect(() => gateway().webhookEvent(new TextEncoder().encode(payload), 't=1,v1=forged')).toThrow(WebhookSignatureError);
  });

  it('passes events of other types without a subscription', () => {
    const stripe = new Stripe('sk_test_x');
    const payload = JSON.stringify({ id: 'evt_2', object: 'event', type: 'invoice.paid', created: 1, data: { object: { id: 'in_1', object: 'invoice' } } });
    expect(
      gateway().webhookEvent(new TextEncoder().encode(payload), stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_x' })).subscription,
    ).toBeNull();
  });

  it("turns Stripe's errors into the port's: a declined card, a refused request, a missing object", async () => {
    answer = () => ({ status: 402, body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } } });
    await expect(gateway().confirmPayment('pi_1', 'pm_card_chargeDeclined')).rejects.toEqual(new PaymentDeclinedError('Your card was declined.'));
    answer = () => ({ status: 400, body: { error: { type: 'invalid_request_error', code: 'parameter_invalid', message: 'Bad plan' } } });
    await expect(gateway().changePlan({ id: 'sub_1', itemId: 'si_1' } as never, 'x', {})).rejects.toBeInstanceOf(PaymentRefusedError);
    answer = () => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' } } });
    expect(await gateway().subscription('sub_gone')).toBeNull();
    expect(await gateway().customerExists('cus_gone')).toBe(false);
  });

  it("creates a catalogue entry only when it is missing, and takes a twin's creation as done", async () => {
    answer = (req) =>
      req.method === 'GET'
        ? { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such product' } } }
        : { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_already_exists', message: 'Product already exists.' } } };
    await gateway().ensureProduct({ id: 'reelsmith_pro', name: 'Reelsmith Pro', metadata: { plan: 'pro' } });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /v1/products/reelsmith_pro', 'POST /v1/products']);
    requests.length = 0;
    answer = () => ({ status: 200, body: { id: 'reelsmith_pro_year', object: 'plan' } });
    await gateway().ensurePlan({
      id: 'reelsmith_pro_year',
      productId: 'reelsmith_pro',
      amountCents: 9600,
      currency: 'usd',
      interval: 'year',
      nickname: 'Pro (yearly)',
      metadata: {},
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /v1/plans/reelsmith_pro_year']);
  });

  it('says Stripe is unreachable as a connection problem', async () => {
    const closed = new StripeGateway(new Stripe('sk_test_x', { host: '127.0.0.1', port: 1, protocol: 'http', maxNetworkRetries: 0 }), 'whsec_x');
    await expect(closed.invoices('cus_1', 12)).rejects.toMatchObject({ constructor: PaymentsUnavailableError, connection: true });
  });
});
