import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { testMedia, type TestMedia } from '../support/media';
import { uniqueUsername } from '../support/stack';
import { api } from './api';

/**
 * Signs up a fresh user, subscribed to a plan (default Pro, so no plan limit gets in a test's way;
 * `plan: null` leaves it without one); its token.
 */
export async function signUp(baseUrl: string, options: { plan?: 'rookie' | 'pro' | null } = {}): Promise<string> {
  const res = await api(baseUrl, 'POST', '/api/auth/register', { body: { username: uniqueUsername('v'), password: 'secret1' } });
  if (res.status !== 201) throw new Error(`register answered ${res.status}`);
  const token = res.json.token as string;
  if (options.plan !== null) await subscribe(baseUrl, token, options.plan ?? 'pro');
  return token;
}

/**
 * What /subscribe does against the local Stripe server: create the subscription, pay with Stripe's
 * succeeding test card, wait until Stripe's webhook made the plan active.
 */
export async function subscribe(baseUrl: string, token: string, plan: 'rookie' | 'pro', interval: 'month' | 'year' = 'month'): Promise<void> {
  const created = await api(baseUrl, 'POST', '/api/create-subscription', { token, body: { plan, interval } });
  if (created.status !== 200) throw new Error(`create-subscription answered ${created.status}: ${created.text}`);
  const paid = await api(baseUrl, 'POST', '/api/billing/test-payment', { token, body: { paymentMethod: 'pm_card_visa' } });
  if (paid.status !== 200) throw new Error(`test-payment answered ${paid.status}: ${paid.text}`);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const billing = await api(baseUrl, 'GET', '/api/billing', { token });
    if (billing.json?.status === 'active' && billing.json?.plan === plan) return;
    if (Date.now() > deadline) throw new Error(`the ${plan} plan is still ${billing.json?.status ?? billing.status} after paying`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What the upload dialog does: upload URL, PUT to storage, complete-upload. */
export async function uploadVideo(baseUrl: string, token: string, file: TestMedia, fields: Record<string, unknown> = {}) {
  return uploadFile(baseUrl, token, testMedia(file), { originalFilename: file, ...fields });
}

/** uploadVideo for a file at any path (a generated clip). */
export async function uploadFile(baseUrl: string, token: string, path: string, fields: Record<string, unknown> = {}) {
  const { json } = await api(baseUrl, 'POST', '/api/objects/upload', { token });
  const body = readFileSync(path);
  const put = await fetch(json.uploadURL, { method: 'PUT', body });
  if (put.status !== 200) throw new Error(`storage PUT answered ${put.status}`);
  return api(baseUrl, 'PUT', '/api/videos/complete-upload', {
    token,
    body: { videoURL: json.uploadURL, title: 'Cup final', originalFilename: basename(path), fileSize: body.length, duration: 0, ...fields },
  });
}

export async function waitForVideo(baseUrl: string, token: string, id: string, until: (video: Record<string, any>) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { json } = await api(baseUrl, 'GET', `/api/videos/${id}`, { token });
    if (until(json)) return json;
    if (Date.now() > deadline) throw new Error(`video ${id} is still ${json.status}/${json.stage}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The video's transcript once it is no longer pending (GET /api/videos/{id}/transcript). */
/** Waits for a reel to be ready (an error or the timeout throws, naming its status). */
export async function waitForReady(baseUrl: string, token: string, highlightId: string, timeoutMs = 180_000): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { json } = await api(baseUrl, 'GET', `/api/highlights/${highlightId}`, { token });
    if (json.status === 'ready') return json;
    if (json.status === 'error' || Date.now() > deadline) throw new Error(`reel ${highlightId} is ${json.status}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

export async function waitForTranscript(baseUrl: string, token: string, id: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { json } = await api(baseUrl, 'GET', `/api/videos/${id}/transcript`, { token });
    if (json.status !== 'pending') return json;
    if (Date.now() > deadline) throw new Error(`the transcript of video ${id} is still pending`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Reads Server-Sent Events from the gateway with a Bearer token, as the web app does. */
export function openEvents(baseUrl: string, token: string) {
  const events: Array<{ type: string; data: any }> = [];
  const controller = new AbortController();
  const done = (async () => {
    const res = await fetch(`${baseUrl}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const type = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1];
        events.push({ type, data: data ? JSON.parse(data) : undefined });
      }
    }
  })().catch(() => undefined);
  return {
    events,
    async waitFor(predicate: (e: { type: string; data: any }) => boolean, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!events.some(predicate)) {
        if (Date.now() > deadline) throw new Error(`no such event; got ${JSON.stringify(events.map((e) => e.data?.stage ?? e.type))}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close() {
      controller.abort();
      return done;
    },
  };
}
