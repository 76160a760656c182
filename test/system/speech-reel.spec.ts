import { toastMedia } from '../support/speech-media';
import { type RunningApp, startApp } from '../support/stack';
import { api } from './api';
import { signUp, uploadFile, waitForVideo } from './videos';

type Span = { start: number; end: number };
const overlap = (a: Span, b: Span) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

/** A toast (espeak-ng sentences with pauses, then applause) through the whole stack. */
describe('a reel of a toast', () => {
  let app: RunningApp;
  let alice: string;
  let videoId: string;
  const toast = toastMedia();

  beforeAll(async () => {
    app = await startApp();
    alice = await signUp(app.baseUrl);
    videoId = (await uploadFile(app.baseUrl, alice, toast.video, { title: 'Toast' })).json.id;
    await waitForVideo(app.baseUrl, alice, videoId, (v) => v.status === 'processed');
  }, 120_000);
  afterAll(async () => {
    await app?.stack.stop();
  });

  it('cuts no sentence, says it is speech, and serves the speech segments with the analysis', async () => {
    const queued = await api(app.baseUrl, 'POST', `/api/videos/${videoId}/generate-highlights`, {
      token: alice,
      body: { preset: 'wedding', targetLength: 15, quality: '480p' },
    });
    expect(queued.status).toBe(202);
    let reel: { status: string; moments: Array<Span & { reasons: string[] }> };
    const deadline = Date.now() + 120_000;
    do {
      await new Promise((r) => setTimeout(r, 300));
      reel = (await api(app.baseUrl, 'GET', `/api/highlights/${queued.json.id}`, { token: alice })).json;
    } while (reel.status !== 'ready' && reel.status !== 'error' && Date.now() < deadline);
    expect(reel.status).toBe('ready');

    const inside = (t: number) => toast.phrases.some((p) => t > p.start + 0.05 && t < p.end - 0.05);
    expect(reel.moments.filter((m) => inside(m.start) || inside(m.end))).toEqual([]);
    expect(reel.moments.some((m) => m.reasons.includes('speech'))).toBe(true);

    const analysis = await api(app.baseUrl, 'GET', `/api/videos/${videoId}/analysis`, { token: alice });
    expect(analysis.status).toBe(200);
    const speech = analysis.json.speech as Span[];
    for (const phrase of toast.phrases) {
      const heard = speech.reduce((sum, s) => sum + overlap(s, phrase), 0);
      expect(heard / (phrase.end - phrase.start)).toBeGreaterThan(0.9);
    }
    expect(speech.every((s) => typeof s.start === 'number' && typeof s.end === 'number' && s.end > s.start)).toBe(true);
  });
});
