import { type RunningApp, startApp } from '../support/stack';
import { api } from './api';
import { signUp, uploadVideo, waitForTranscript, waitForVideo } from './videos';

/** Captions, asked words and subtitle files through the real gateway: the 4xx of issue 26 and nothing made by them. */
describe('captions and subtitles through the gateway', () => {
  let app: RunningApp;
  let alice: string;
  let bob: string;
  let voiced: string;
  let silent: string;

  beforeAll(async () => {
    app = await startApp();
    [alice, bob] = await Promise.all([signUp(app.baseUrl), signUp(app.baseUrl)]);
    voiced = (await uploadVideo(app.baseUrl, alice, 'h264-aac.mp4')).json.id;
    silent = (await uploadVideo(app.baseUrl, alice, 'silent.mp4')).json.id;
    await waitForVideo(app.baseUrl, alice, voiced, (v) => v.status === 'processed');
    await waitForVideo(app.baseUrl, alice, silent, (v) => v.status === 'processed');
  }, 120_000);
  afterAll(async () => {
    await app?.stack.stop();
  });

  const generate = (videoId: string, body: unknown) => api(app.baseUrl, 'POST', `/api/videos/${videoId}/generate-highlights`, { token: alice, body });
  const versions = async (videoId: string) => (await api(app.baseUrl, 'GET', `/api/videos/${videoId}/highlights`, { token: alice })).json as unknown[];

  it.each([
    ['an unknown caption style', 'voiced', { captions: 'comic' }, 400, 'Unknown caption style: comic. Use none, clean, bold or karaoke.'],
    [
      '1,000 include-words',
      'voiced',
      { includeWords: Array.from({ length: 1000 }, (_, i) => `word${i}`) },
      400,
      'includeWords must be a list of at most 20 words or phrases',
    ],
    [
      'a word of 10,000 characters',
      'voiced',
      { includeWords: ['toast', 'x'.repeat(10_000)] },
      400,
      'Every word or phrase in includeWords must be 1 to 100 characters long',
    ],
    ['captions on a video without sound', 'silent', { captions: 'karaoke' }, 422, 'This video has no sound, so there is nothing to caption.'],
  ])('refuses %s with a clear 4xx and makes nothing', async (_, which, body, status, message) => {
    const videoId = which === 'silent' ? silent : voiced;
    const answer = await generate(videoId, body);
    expect({ status: answer.status, message: answer.json?.error }).toEqual({ status, message });
    expect(await versions(videoId)).toEqual([]);
  });

  it('answers 404 for subtitles without words and for another user, and serves them once the words are there', async () => {
    // The test clip's sound is a tone: its transcript is made, with no words in it.
    expect(await waitForTranscript(app.baseUrl, alice, voiced)).toMatchObject({ status: 'ready', words: [] });
    const none = await api(app.baseUrl, 'GET', `/api/videos/${voiced}/subtitles.srt`, { token: alice });
    expect({ status: none.status, message: none.json?.error }).toEqual({
      status: 404,
      message: 'This video has no transcript with words, so there are no subtitles.',
    });

    const words = [
      { text: 'Cheers', start: 0.4, end: 0.9 },
      { text: 'everyone', start: 1, end: 1.6 },
    ];
    expect((await api(app.baseUrl, 'PUT', `/api/videos/${voiced}/transcript`, { token: alice, body: { words } })).status).toBe(200);

    const srt = await api(app.baseUrl, 'GET', `/api/videos/${voiced}/subtitles.srt`, { token: alice });
    expect(srt.status).toBe(200);
    expect(srt.headers.get('content-type')).toBe('application/x-subrip; charset=utf-8');
    expect(srt.text).toBe('1\n00:00:00,400 --> 00:00:01,600\nCheers everyone\n');
    const vtt = await api(app.baseUrl, 'GET', `/api/videos/${voiced}/subtitles.vtt`, { token: alice });
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(vtt.text).toBe('WEBVTT\n\n00:00:00.400 --> 00:00:01.600\nCheers everyone\n');

    expect((await api(app.baseUrl, 'GET', `/api/videos/${voiced}/subtitles.vtt`, { token: bob })).status).toBe(404);
    expect((await api(app.baseUrl, 'GET', `/api/highlights/not-a-reel/subtitles.srt`, { token: alice })).status).toBe(404);
  });

  it('defaults captions to clean with sound and none without, returned on the reel', async () => {
    const withSound = await generate(voiced, { targetLength: 15, quality: '480p' });
    expect({ status: withSound.status, captions: withSound.json.captions }).toEqual({ status: 202, captions: 'clean' });
    const withoutSound = await generate(silent, { targetLength: 15, quality: '480p' });
    expect({ status: withoutSound.status, captions: withoutSound.json.captions }).toEqual({ status: 202, captions: 'none' });
    const reelVtt = await api(app.baseUrl, 'GET', `/api/highlights/${withSound.json.id}/subtitles.vtt`, { token: alice });
    expect(reelVtt.status).toBe(200);
    expect(reelVtt.text.startsWith('WEBVTT\n\n')).toBe(true);
    expect((await api(app.baseUrl, 'GET', `/api/highlights/${withSound.json.id}/subtitles.vtt`, { token: bob })).status).toBe(404);
  });
});
