import type * as Minio from 'minio';
import Stripe from 'stripe';
import { type RunningApp, startApp } from '../support/stack';
import { testBucket } from '../support/bucket';
import { api } from './api';
import { signUp, subscribe, uploadVideo, waitForVideo } from './videos';

// Plans through the local Stripe server (test/support/stack.ts runs one per stack), and the limits
// where the work happens: uploads, length, tracks, bulk.
describe('billing and plan limits', () => {
  let app: RunningApp;
  let s3: Minio.Client;
  const stripe = new Stripe('sk_test_unused');

  beforeAll(async () => {
    app = await startApp();
    s3 = testBucket();
  });
  afterAll(async () => {
    await app?.stack.stop();
  });

  const call = (method: string, path: string, token?: string, body?: unknown) => api(app.baseUrl, method, path, { token, body });
  const billing = async (token: string) => (await call('GET', '/api/billing', token)).json;

  async function objectsOf(userId: string): Promise<string[]> {
    const names: string[] = [];
    for await (const item of s3.listObjectsV2('reelsmith', '', true)) {
      const { name } = item as { name: string };
      if (name.includes(userId)) names.push(name);
    }
    return names;
  }
  const userIdOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;

  function signed(event: Record<string, unknown>, secret = app.env.STRIPE_WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    return { payload, header: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }
  const sendWebhook = (payload: string, signature?: string) =>
    fetch(`${app.baseUrl}/api/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      body: payload,
    });

  test('a new account has no plan: uploads, highlights and batches answer 402 naming /pricing', async () => {
    const token = await signUp(app.baseUrl, { plan: null });
    const overview = await billing(token);
    expect(overview).toMatchObject({ plan: null, status: null, entitlements: { active: false } });
    const upload = await call('POST', '/api/objects/upload', token);
    expect(upload.status).toBe(402);
    expect(upload.json.error).toMatch(/\/pricing/);
    const batch = await call('POST', '/api/batches', token, { name: 'Season' });
    expect(batch.status).toBe(402);
    // Browsing still works.
    expect((await call('GET', '/api/videos', token)).status).toBe(200);
    expect((await call('GET', '/api/music-tracks', token)).status).toBe(200);
  });

  test('bad plan choices are 400 and create nothing', async () => {
    const token = await signUp(app.baseUrl, { plan: null });
    expect((await call('POST', '/api/create-subscription', token, { plan: 'free' })).status).toBe(400);
    expect((await call('POST', '/api/create-subscription', token, { plan: 'pro', interval: 'week' })).status).toBe(400);
    expect((await call('POST', '/api/create-subscription', token, { plan: 'pro', coupon: 'x' })).status).toBe(400);
    expect((await call('POST', '/api/billing/test-payment', token, { paymentMethod: 'pm_card_visa' })).status).toBe(409);
    expect((await billing(token)).status).toBeNull();
  });

  test('the declined card leaves the account without a plan; the succeeding card activates it through the webhook', async () => {
    const token = await signUp(app.baseUrl, { plan: null });
    const created = await call('POST', '/api/create-subscription', token, { plan: 'rookie' });
    expect(created.status).toBe(200);
    expect(created.json.clientSecret).toMatch(/^pi_.+_secret_/);
    const declined = await call('POST', '/api/billing/test-payment', token, { paymentMethod: 'pm_card_chargeDeclined' });
    expect(declined.status).toBe(402);
    expect(declined.json.error).toMatch(/declined/i);
    expect(await billing(token)).toMatchObject({ plan: 'rookie', status: 'incomplete', entitlements: { active: false } });
    expect((await call('POST', '/api/objects/upload', token)).status).toBe(402);

    await subscribe(app.baseUrl, token, 'rookie');
    const overview = await billing(token);
    expect(overview).toMatchObject({
      plan: 'rookie',
      interval: 'month',
      status: 'active',
      entitlements: { active: true, monthlyUploads: 5, maxVideoMinutes: 30 },
    });
    expect(overview.invoices[0]).toMatchObject({ amount: 4.99, status: 'paid' });
    // A second subscription while one is active is refused.
    expect((await call('POST', '/api/create-subscription', token, { plan: 'pro' })).status).toBe(409);
  });

  test('Rookie: five uploads this month, the sixth refused; Pro tracks and bulk refused, both work on Pro', async () => {
    const token = await signUp(app.baseUrl, { plan: 'rookie' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await uploadVideo(app.baseUrl, token, 'silent.mp4');
      expect(res.status).toBe(200);
      ids.push(res.json.id);
    }
    expect((await billing(token)).usage.uploadsThisMonth).toBe(5);
    const sixth = await call('POST', '/api/objects/upload', token);
    expect(sixth.status).toBe(402);
    expect(sixth.json.error).toMatch(/5 uploads of this month on Rookie.*Pro/);

    const tracks = (await call('GET', '/api/music-tracks', token)).json as Array<{ id: string; plans: string[] }>;
    const proOnly = tracks.find((t) => !t.plans.includes('rookie'))!;
    const free = tracks.find((t) => t.plans.includes('rookie'))!;
    await waitForVideo(app.baseUrl, token, ids[0], (v) => v.status === 'processed');
    const refused = await call('POST', `/api/videos/${ids[0]}/generate-highlights`, token, { musicTrackId: proOnly.id });
    expect(refused.status).toBe(402);
    expect(refused.json.error).toMatch(/Pro track/);
    expect((await call('POST', `/api/videos/${ids[0]}/generate-highlights`, token, { musicTrackId: free.id })).status).toBe(202);
    // A clip trimmed from an upload is not an upload.
    expect((await call('POST', `/api/videos/${ids[0]}/trim`, token, { start: '0:00', end: '0:02' })).status).toBeLessThan(300);
    expect((await billing(token)).usage.uploadsThisMonth).toBe(5);
    const bulk = await call('POST', '/api/batches', token, { name: 'Season' });
    expect(bulk.status).toBe(403);
    expect(bulk.json.error).toMatch(/Pro/);

    // Upgrade (Stripe prorates): the same account now has Pro's limits.
    const changed = await call('POST', '/api/billing/change-plan', token, { plan: 'pro' });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ plan: 'pro', status: 'active', entitlements: { bulk: true, allTracks: true, monthlyUploads: null } });
    expect((await call('POST', `/api/videos/${ids[0]}/generate-highlights`, token, { musicTrackId: proOnly.id })).status).toBe(202);
    expect((await call('POST', '/api/batches', token, { name: 'Season' })).status).toBe(201);
    expect((await uploadVideo(app.baseUrl, token, 'silent.mp4')).status).toBe(200);
  });

  test('a 40-minute video is refused on Rookie (its object deleted) and accepted on Pro', async () => {
    const rookie = await signUp(app.baseUrl, { plan: 'rookie' });
    const refused = await uploadVideo(app.baseUrl, rookie, 'forty-minutes.mp4');
    expect(refused.status).toBe(402);
    expect(refused.json.error).toMatch(/40:00 long; Rookie takes videos up to 30 minutes/);
    expect(await objectsOf(userIdOf(rookie))).toEqual([]);
    expect((await call('GET', '/api/videos', rookie)).json).toEqual([]);

    const pro = await signUp(app.baseUrl, { plan: 'pro' });
    const accepted = await uploadVideo(app.baseUrl, pro, 'forty-minutes.mp4');
    expect(accepted.status).toBe(200);
    expect(accepted.json.duration).toBeCloseTo(2400, -1);
  });

  test('cancel keeps the plan to the period end, resume undoes it; the period end takes it away', async () => {
    const token = await signUp(app.baseUrl, { plan: 'pro' });
    const canceled = await call('POST', '/api/billing/cancel', token);
    expect(canceled.status).toBe(200);
    expect(canceled.json).toMatchObject({ plan: 'pro', status: 'active', cancelAtPeriodEnd: true, entitlements: { active: true } });
    expect(new Date(canceled.json.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const resumed = await call('POST', '/api/billing/resume', token);
    expect(resumed.json).toMatchObject({ cancelAtPeriodEnd: false, entitlements: { active: true } });
    expect((await call('POST', '/api/billing/resume', token)).status).toBe(409);
  });

  test('webhooks: forged or unsigned change nothing, a replay applies once, an older state never overwrites a newer one', async () => {
    const token = await signUp(app.baseUrl, { plan: null });
    const created = await call('POST', '/api/create-subscription', token, { plan: 'pro', interval: 'year' });
    await call('POST', '/api/billing/test-payment', token, { paymentMethod: 'pm_card_visa' });
    const subscriptionId = created.json.subscriptionId as string;
    const userId = userIdOf(token);
    for (let i = 0; (await billing(token)).status !== 'active'; i++) {
      if (i > 100) throw new Error('never active');
      await new Promise((r) => setTimeout(r, 100));
    }
    const periodEnd = Math.floor(Date.now() / 1000) + 365 * 86_400;
    const subscription = (status: string, extra: Record<string, unknown> = {}) => ({
      id: subscriptionId,
      object: 'subscription',
      customer: 'cus_unknown',
      status,
      created: Math.floor(Date.now() / 1000) - 60,
      current_period_end: periodEnd,
      cancel_at_period_end: false,
      metadata: { userId, plan: 'pro', interval: 'year' },
      items: { object: 'list', data: [{ id: 'si_x', plan: { id: 'reelsmith_pro_year' } }] },
      ...extra,
    });
    const event = (id: string, created: number, object: Record<string, unknown>, type = 'customer.subscription.updated') => ({
      id,
      object: 'event',
      type,
      created,
      data: { object },
    });
    const now = Math.floor(Date.now() / 1000);

    const forged = signed(event('evt_forged', now + 10, subscription('canceled', { current_period_end: now - 10 })), 'whsec_not_ours');
    expect((await sendWebhook(forged.payload, forged.header)).status).toBe(400);
    expect((await sendWebhook(forged.payload)).status).toBe(400);
    const tampered = signed(event('evt_tampered', now + 10, subscription('active')));
    expect((await sendWebhook(tampered.payload.replace('"active"', '"canceled"'), tampered.header)).status).toBe(400);
    expect(await billing(token)).toMatchObject({ status: 'active', entitlements: { active: true } });

    // Newer: past_due (grace keeps access). Replayed: applied once. Older (active, before it): ignored.
    const pastDue = signed(event('evt_past_due', now + 20, subscription('past_due')));
    const first = await sendWebhook(pastDue.payload, pastDue.header);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ applied: true });
    const replay = await sendWebhook(pastDue.payload, pastDue.header);
    expect(await replay.json()).toMatchObject({ applied: false });
    const older = signed(event('evt_older', now + 15, subscription('active')));
    expect((await sendWebhook(older.payload, older.header)).status).toBe(200);
    expect(await billing(token)).toMatchObject({ status: 'past_due', entitlements: { active: true } });

    const video = await uploadVideo(app.baseUrl, token, 'silent.mp4');
    expect(video.status).toBe(200);

    // Deleted with the period over: no plan any more, and uploads and highlights say so.
    const ended = signed(event('evt_ended', now + 30, subscription('canceled', { current_period_end: now - 1 }), 'customer.subscription.deleted'));
    expect((await sendWebhook(ended.payload, ended.header)).status).toBe(200);
    expect(await billing(token)).toMatchObject({ status: 'canceled', entitlements: { active: false } });
    const upload = await call('POST', '/api/objects/upload', token);
    expect(upload.status).toBe(402);
    expect(upload.json.error).toMatch(/ended/);
    const highlights = await call('POST', `/api/videos/${video.json.id}/generate-highlights`, token, {});
    expect(highlights.status).toBe(402);
    expect(highlights.json.error).toMatch(/Making highlights needs a plan/);
  });
});
