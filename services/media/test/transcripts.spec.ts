import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { rejection } from '../../../test/support/rpc';
import { TranscriptionService } from '../src/speech/transcription.service';
import { Rpc, startMedia, uploadAndProcess, uploadFile, waitForStatus, waitForTranscript } from './harness';
import { spokenClip, TOAST_WORDS } from './spoken-clip';

describe('transcripts over real NATS, PostgreSQL, S3, ffmpeg and pocketsphinx', () => {
  let media: Awaited<ReturnType<typeof startMedia>>;
  const alice = randomUUID();
  const bob = randomUUID();
  const clip = spokenClip();
  let toastId = '';

  beforeAll(async () => {
    media = await startMedia();
  }, 60_000);

  afterAll(async () => {
    await media?.stop();
  });

  it('transcribes a processed video with speech: draft words from the embedded engine, timed within the voice', async () => {
    const video = await uploadAndProcess(media.client, alice, clip.file);
    expect(video.status).toBe('processed');
    toastId = video.id;
    const transcript = await waitForTranscript(media.client, alice, video.id);
    expect(transcript).toMatchObject({
      videoId: video.id,
      status: 'ready',
      engine: 'pocketsphinx',
      quality: 'draft',
      language: 'en',
      edited: false,
      message: '',
    });
    const texts = transcript.words.map((w) => w.text.toLowerCase());
    expect(texts.length).toBeGreaterThanOrEqual(8);
    expect(TOAST_WORDS.filter((w) => texts.includes(w)).length).toBeGreaterThanOrEqual(2);
    for (const [i, word] of transcript.words.entries()) {
      expect(word.start).toBeGreaterThanOrEqual(clip.speechStart - 0.4);
      expect(word.end).toBeLessThanOrEqual(clip.speechEnd + 0.4);
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      if (i > 0) expect(word.start).toBeGreaterThanOrEqual(transcript.words[i - 1].start);
    }
    expect(transcript.phrases.length).toBeGreaterThanOrEqual(1);
    expect(transcript.phrases.at(-1)!.to).toBe(transcript.words.length);
  }, 180_000);

  it("answers NOT_FOUND for another user's video, and changes nothing for them", async () => {
    expect((await rejection(media.client.call(Rpc.transcriptsGet, { userId: bob, videoId: toastId }))).code).toBe(ErrorCode.NOT_FOUND);
    const edit = media.client.call(Rpc.transcriptsEdit, { userId: bob, videoId: toastId, words: [{ text: 'hacked', start: 1, end: 2 }] });
    expect((await rejection(edit)).code).toBe(ErrorCode.NOT_FOUND);
    const again = media.client.call(Rpc.transcriptsMake, { userId: bob, videoId: toastId, language: 'en' });
    expect((await rejection(again)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await media.client.call(Rpc.transcriptsGet, { userId: alice, videoId: toastId })).edited).toBe(false);
  });

  it('refuses corrections that do not fit the video, in plain words, and keeps the transcript', async () => {
    const before = await media.client.call(Rpc.transcriptsGet, { userId: alice, videoId: toastId });
    const edit = (words: Array<{ text: string; start: number; end: number }>) =>
      rejection(media.client.call(Rpc.transcriptsEdit, { userId: alice, videoId: toastId, words }));
    const late = await edit([{ text: 'toast', start: 1, end: 999 }]);
    expect(late.code).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(late.message).toMatch(/after the end of the video/);
    const unordered = await edit([
      { text: 'toast', start: 3, end: 3.5 },
      { text: 'happy', start: 2, end: 2.5 },
    ]);
    expect(unordered.message).toMatch(/time order/);
    expect((await edit([{ text: ' ', start: 1, end: 2 }])).message).toMatch(/1 to 100 characters/);
    expect((await edit([{ text: 'x'.repeat(101), start: 1, end: 2 }])).message).toMatch(/1 to 100 characters/);
    expect((await edit([{ text: 'toast', start: 2, end: 1 }])).message).toMatch(/end no earlier/);
    expect(await media.client.call(Rpc.transcriptsGet, { userId: alice, videoId: toastId })).toEqual(before);
  });

  it('keeps the corrected words, with their engine and quality, and an automatic run does not replace them', async () => {
    const words = [
      { text: 'Good', start: 1.6, end: 1.9 },
      { text: 'evening', start: 1.9, end: 2.4 },
      { text: 'everyone', start: 2.5, end: 3.1 },
    ];
    const edited = await media.client.call(Rpc.transcriptsEdit, { userId: alice, videoId: toastId, words });
    expect(edited).toMatchObject({ status: 'ready', edited: true, engine: 'pocketsphinx', quality: 'draft' });
    expect(edited.words.map((w) => w.text)).toEqual(['Good', 'evening', 'everyone']);
    // The job a re-processing would queue finds the corrected transcript and leaves it.
    const job = { $typeName: 'media.v1.TranscribeJob', videoId: toastId, userId: alice, language: 'en', replaceEdited: false } as mediaV1.TranscribeJob;
    await media.worker.get(TranscriptionService).transcribe(job, { attempt: 1, lastAttempt: false, signal: new AbortController().signal });
    const kept = await media.client.call(Rpc.transcriptsGet, { userId: alice, videoId: toastId });
    expect(kept.edited).toBe(true);
    expect(kept.words.map((w) => w.text)).toEqual(['Good', 'evening', 'everyone']);
  });

  it('says plainly that the embedded engine lacks German, and refuses a language it does not offer', async () => {
    const bad = await rejection(media.client.call(Rpc.transcriptsMake, { userId: alice, videoId: toastId, language: 'xx' }));
    expect(bad.code).toBe(ErrorCode.INVALID_ARGUMENT);
    const pending = await media.client.call(Rpc.transcriptsMake, { userId: alice, videoId: toastId, language: 'de' });
    expect(pending).toMatchObject({ status: 'pending', language: 'de' });
    const done = await waitForTranscript(media.client, alice, toastId);
    expect(done).toMatchObject({ status: 'unsupported', language: 'de', words: [] });
    expect(done.message).toBe('The embedded transcriber only knows English; set ASR_MODEL to a multilingual Whisper model for German.');
  }, 60_000);

  it('transcribes a new upload in the language the gateway passed (German: not one the embedded engine has)', async () => {
    const { uploadUrl, size } = await uploadFile(media.client, alice, 'h264-aac.mp4');
    const created = await media.client.call(Rpc.uploadComplete, {
      userId: alice,
      videoUrl: uploadUrl,
      title: 'Rede',
      originalFilename: 'rede.mp4',
      fileSize: BigInt(size),
      duration: 0,
      language: 'de',
    });
    expect((await waitForStatus(media.client, alice, created.id, ['processed', 'error'])).status).toBe('processed');
    expect(await waitForTranscript(media.client, alice, created.id)).toMatchObject({ status: 'unsupported', language: 'de' });
  }, 60_000);

  it('says a video without sound has nothing to transcribe', async () => {
    const video = await uploadAndProcess(media.client, alice, 'silent.mp4');
    expect(video.status).toBe('processed');
    const transcript = await waitForTranscript(media.client, alice, video.id);
    expect(transcript).toMatchObject({ status: 'none', engine: '', words: [], message: 'This video has no sound to transcribe.' });
  }, 60_000);
});
