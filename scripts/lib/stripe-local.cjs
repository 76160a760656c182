#!/usr/bin/env node
// The local Stripe-compatible server `npm start` and the tests run (Stripe itself cannot be reached
// from here). It is stripe-stateful-mock (customers, products, plans, charges, subscriptions created
// with `items: [{plan}]`) plus the few endpoints it lacks that the billing service calls, kept as
// small as the Stripe API allows:
//   - POST /v1/subscriptions with payment_behavior=default_incomplete: status `incomplete`, an open
//     invoice and a PaymentIntent whose client_secret the web confirms (expand latest_invoice.payment_intent);
//   - POST /v1/payment_intents/:id/confirm with a test PaymentMethod (pm_card_visa succeeds,
//     pm_card_chargeDeclined and the other pm_card_chargeDeclined* are declined with a card_error);
//   - POST /v1/subscriptions/:id (items[0][plan] / [price], cancel_at_period_end), DELETE /v1/subscriptions/:id;
//   - GET /v1/invoices?customer=, GET /v1/payment_intents/:id, expand=latest_invoice.payment_intent on subscriptions;
//   - webhooks, like `stripe listen --forward-to`: each state change is POSTed, signed with
//     STRIPE_WEBHOOK_SECRET, to STRIPE_WEBHOOK_FORWARD_URL (retried for a minute while it does not answer).
// Not covered (see docs/billing.md): proration invoices, renewals at period end, dunning
// (past_due), tax, coupons, Checkout, the Payment Element itself.
const { createHmac, randomBytes } = require('node:crypto');
const path = require('node:path');

const mockDir = path.dirname(require.resolve('stripe-stateful-mock'));
const express = require(require.resolve('express', { paths: [mockDir] }));
const bodyParser = require(require.resolve('body-parser', { paths: [mockDir] }));
const { createExpressApp } = require('stripe-stateful-mock');
const { inheritedSocket } = require('./stack.cjs');
const { subscriptions } = require(path.join(mockDir, 'api', 'subscriptions'));
const { plans } = require(path.join(mockDir, 'api', 'plans'));

const port = Number(process.env.STRIPE_LOCAL_PORT ?? 12111);
const forwardUrl = process.env.STRIPE_WEBHOOK_FORWARD_URL ?? '';
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? '';

const id = (prefix) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const invoices = new Map();
const intents = new Map();

function accountOf(req) {
  // The mock keys its data by account; without Stripe-Account every call is the platform account.
  return req.header('stripe-account') || 'acct_default';
}

function stripeError(res, status, error) {
  res.status(status).json({ error });
}

function periodEnd(start, interval) {
  const d = new Date(start * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

function planOf(subscription) {
  return subscription.items.data[0]?.plan;
}

const queue = [];
let sending = false;
function emit(type, object) {
  if (!forwardUrl) return;
  const event = {
    id: id('evt'),
    object: 'event',
    api_version: '2024-06-20',
    created: now(),
    type,
    livemode: false,
    data: { object: JSON.parse(JSON.stringify(object)) },
  };
  queue.push(event);
  void drain();
}

async function drain() {
  if (sending) return;
  sending = true;
  while (queue.length) {
    const event = queue[0];
    const payload = JSON.stringify(event);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const t = now();
      const signature = createHmac('sha256', webhookSecret).update(`${t}.${payload}`).digest('hex');
      try {
        const res = await fetch(forwardUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${signature}` },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        if (res.status < 500) break;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) {
        console.error(`webhook ${event.type} ${event.id} not delivered`);
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    queue.shift();
  }
  sending = false;
}

const app = express();
app.use(bodyParser.urlencoded({ extended: true }));
app.get('/healthz', (_req, res) => res.json({ ok: true }));
app.use((req, res, next) => {
  if (!/^Bearer sk_test_/.test(req.header('authorization') ?? '')) {
    return stripeError(res, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided (the local server takes sk_test_ keys only).' });
  }
  next();
});

function expanded(subscription, expand) {
  const list = [].concat(expand ?? []);
  const copy = { ...subscription };
  if (list.includes('latest_invoice') || list.includes('latest_invoice.payment_intent')) {
    const invoice = invoices.get(subscription.latest_invoice);
    if (invoice) {
      copy.latest_invoice = { ...invoice };
      if (list.includes('latest_invoice.payment_intent')) copy.latest_invoice.payment_intent = intents.get(invoice.payment_intent) ?? invoice.payment_intent;
    }
  }
  return copy;
}

app.post('/v1/subscriptions', (req, res, next) => {
  if (req.body.payment_behavior !== 'default_incomplete') return next();
  const { payment_behavior: _pb, expand, ...params } = req.body;
  const account = accountOf(req);
  let subscription;
  try {
    subscription = subscriptions.create(account, params);
  } catch (err) {
    return next(err);
  }
  const plan = planOf(subscription);
  subscription.status = 'incomplete';
  subscription.current_period_start = subscription.created;
  subscription.current_period_end = periodEnd(subscription.created, plan.interval);
  subscription.plan = plan;
  const invoice = {
    id: subscription.latest_invoice,
    object: 'invoice',
    customer: subscription.customer,
    subscription: subscription.id,
    status: 'open',
    paid: false,
    amount_due: plan.amount,
    amount_paid: 0,
    currency: plan.currency,
    created: now(),
    period_start: subscription.current_period_start,
    period_end: subscription.current_period_end,
    number: `LOCAL-${String(invoices.size + 1).padStart(4, '0')}`,
    hosted_invoice_url: null,
    payment_intent: id('pi'),
    lines: { object: 'list', data: [{ description: `${plan.nickname ?? plan.id}`, amount: plan.amount, plan }] },
  };
  const intent = {
    id: invoice.payment_intent,
    object: 'payment_intent',
    amount: plan.amount,
    currency: plan.currency,
    customer: subscription.customer,
    invoice: invoice.id,
    status: 'requires_payment_method',
    client_secret: `${invoice.payment_intent}_secret_${randomBytes(12).toString('hex')}`,
    last_payment_error: null,
    created: now(),
  };
  invoices.set(invoice.id, invoice);
  intents.set(intent.id, intent);
  emit('customer.subscription.created', subscription);
  res.json(expanded(subscription, expand));
});

app.get('/v1/subscriptions/:id', (req, res, next) => {
  if (!req.query.expand) return next();
  try {
    res.json(expanded(subscriptions.retrieve(accountOf(req), req.params.id, 'id'), req.query.expand));
  } catch (err) {
    next(err);
  }
});

app.get('/v1/payment_intents/:id', (req, res) => {
  const intent = intents.get(req.params.id);
  if (!intent) return stripeError(res, 404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${req.params.id}'` });
  res.json(intent);
});

app.post('/v1/payment_intents/:id/confirm', (req, res) => {
  const intent = intents.get(req.params.id);
  if (!intent) return stripeError(res, 404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${req.params.id}'` });
  if (intent.status === 'succeeded')
    return stripeError(res, 400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: 'This PaymentIntent has already succeeded.',
    });
  const method = String(req.body.payment_method ?? '');
  if (!/^pm_card_/.test(method))
    return stripeError(res, 400, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'payment_method',
      message: `No such PaymentMethod: '${method}'`,
    });
  const invoice = invoices.get(intent.invoice);
  const subscription = subscriptions.retrieve(accountOf(req), invoice.subscription, 'subscription');
  if (method.startsWith('pm_card_chargeDeclined')) {
    const error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      payment_intent: { id: intent.id },
    };
    intent.status = 'requires_payment_method';
    intent.last_payment_error = error;
    emit('invoice.payment_failed', invoice);
    return stripeError(res, 402, error);
  }
  intent.status = 'succeeded';
  intent.payment_method = method;
  invoice.status = 'paid';
  invoice.paid = true;
  invoice.amount_paid = invoice.amount_due;
  subscription.status = 'active';
  emit('invoice.paid', invoice);
  emit('customer.subscription.updated', subscription);
  res.json(intent);
});

app.post('/v1/subscriptions/:id', (req, res, next) => {
  let subscription;
  try {
    subscription = subscriptions.retrieve(accountOf(req), req.params.id, 'id');
  } catch (err) {
    return next(err);
  }
  if (subscription.status === 'canceled')
    return stripeError(res, 400, { type: 'invalid_request_error', message: 'A canceled subscription can only update its cancellation_details and metadata.' });
  const body = req.body;
  if (body.cancel_at_period_end !== undefined) {
    subscription.cancel_at_period_end = body.cancel_at_period_end === 'true' || body.cancel_at_period_end === true;
    subscription.cancel_at = subscription.cancel_at_period_end ? subscription.current_period_end : null;
    subscription.canceled_at = subscription.cancel_at_period_end ? now() : null;
  }
  const item = body.items?.[0];
  if (item) {
    const current = subscription.items.data.find((i) => i.id === item.id) ?? subscription.items.data[0];
    const planId = item.plan ?? item.price;
    try {
      current.plan = plans.retrieve(accountOf(req), planId, 'items[0][plan]');
    } catch (err) {
      return next(err);
    }
    subscription.plan = current.plan;
  }
  if (body.metadata) subscription.metadata = { ...subscription.metadata, ...body.metadata };
  emit('customer.subscription.updated', subscription);
  res.json(expanded(subscription, body.expand));
});

app.delete('/v1/subscriptions/:id', (req, res, next) => {
  let subscription;
  try {
    subscription = subscriptions.retrieve(accountOf(req), req.params.id, 'id');
  } catch (err) {
    return next(err);
  }
  subscription.status = 'canceled';
  subscription.ended_at = now();
  subscription.canceled_at ??= now();
  emit('customer.subscription.deleted', subscription);
  res.json(subscription);
});

app.get('/v1/invoices', (req, res) => {
  const customer = req.query.customer;
  const data = [...invoices.values()].filter((i) => !customer || i.customer === customer).sort((a, b) => b.created - a.created);
  const limit = Number(req.query.limit ?? 10);
  res.json({ object: 'list', data: data.slice(0, limit), has_more: data.length > limit, url: '/v1/invoices' });
});

// Everything else is stripe-stateful-mock's (its own routes and errors; it skips the parsed body).
app.use(createExpressApp());

// A test stack hands over the socket it bound for the port (scripts/lib/stack.cjs); otherwise bind it here.
const fd = inheritedSocket(port);
app.listen(...(fd === undefined ? [port, '127.0.0.1'] : [{ fd }]), () => console.log(`local Stripe server on http://127.0.0.1:${port}`));
