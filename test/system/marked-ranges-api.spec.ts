import { shortPlantedClip } from '../support/planted';
import { type RunningApp, startApp } from '../support/stack';
import { api } from './api';
import { signUp, uploadFile, waitForVideo } from './videos';

/** include / exclude on generate through the gateway: what a 400 says, and that it changes nothing. */
describe('marked ranges on generate through the gateway', () => {
  let app: RunningApp;
  let alice: string;
  let bob: string;
  let videoId: string;
  let duration: number;

  beforeAll(async () => {
    app = await startApp();
    [alice, bob] = await Promise.all([signUp(app.baseUrl), signUp(app.baseUrl)]);
    const created = await uploadFile(app.baseUrl, alice, shortPlantedClip().file, { title: 'Derby', originalFilename: 'derby.mp4' });
    videoId = created.json.id;
    const video = await waitForVideo(app.baseUrl, alice, videoId, (v) => v.status === 'processed');
    duration = video.duration;
  }, 120_000);
  afterAll(async () => {
    await app?.stack.stop();
  });

  const generate = (body: unknown, token = alice) => api(app.baseUrl, 'POST', `/api/videos/${videoId}/generate-highlights`, { token, body });
  const reels = async () => (await api(app.baseUrl, 'GET', `/api/videos/${videoId}/highlights`, { token: alice })).json;

  it.each([
    [
      'a range past the end of the video',
      () => ({ include: [{ start: 30, end: duration + 10 }] }),
      /^The include range 30–\d+(\.\d+)? s ends after the video does/,
    ],
    ['an exclude past the end of the video', () => ({ exclude: [{ start: 1, end: duration + 1 }] }), /exclude range 1–.* ends after the video/],
    [
      'an include and an exclude that overlap',
      () => ({ include: [{ start: 5, end: 12 }], exclude: [{ start: 10, end: 20 }] }),
      /include range 5–12 s conflicts with the exclude range 10–20 s/,
    ],
    [
      'includes longer than the reel',
      () => ({
        targetLength: 15,
        include: [
          { start: 0, end: 12 },
          { start: 20, end: 30 },
        ],
      }),
      /add up to 21.6 s, longer than the 15 s reel/,
    ],
    [
      '100 include ranges',
      () => ({ include: Array.from({ length: 100 }, (_, i) => ({ start: i * 0.3, end: i * 0.3 + 0.2 })) }),
      /^include must be a list of at most 20 ranges/,
    ],
    ['a range that ends before it starts', () => ({ exclude: [{ start: 9, end: 3 }] }), /^Every range in exclude must end after it starts/],
    ['a range with a negative start', () => ({ include: [{ start: -2, end: 3 }] }), /start must be a number of at least 0/],
  ])('refuses %s with a 400 that says why, and makes no reel', async (_, body, message) => {
    const before = (await reels()).length;
    const answer = await generate({ targetLength: 30, ...body() });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatch(message);
    expect(await reels()).toHaveLength(before);
  });

  it('stores the marks on the reel, and answers another user 404', async () => {
    const include = [{ start: 30, end: 34 }];
    const exclude = [{ start: 10, end: 14 }];
    const queued = await generate({ targetLength: 15, include, exclude });
    expect(queued.status).toBe(202);
    expect(queued.json).toMatchObject({ include, exclude });
    const read = await api(app.baseUrl, 'GET', `/api/highlights/${queued.json.id}`, { token: alice });
    expect(read.json).toMatchObject({ include, exclude });
    expect((await generate({ include }, bob)).status).toBe(404);
  });
});
