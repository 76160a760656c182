import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { startMedia, uploadAndProcess, waitForTranscript } from './harness';
import { spokenClip } from './spoken-clip';

/** whisper.cpp's weight-free test model: it loads and runs, and hears nothing (fixtures/whisper/README.md). */
const TEST_MODEL = join(__dirname, 'fixtures', 'whisper', 'for-tests-ggml-tiny.en.bin');

describe('transcripts by Whisper when ASR_MODEL names a ggml model', () => {
  let media: Awaited<ReturnType<typeof startMedia>>;
  const alice = randomUUID();

  beforeAll(async () => {
    // Whisper encodes a whole 30 s window per call: slow on a busy 2-core machine, so the deadline is generous.
    media = await startMedia({ ASR_MODEL: TEST_MODEL, ASR_THREADS: '2', JOB_DEADLINE_FACTOR: '5' });
  }, 60_000);

  afterAll(async () => {
    await media?.stop();
  });

  it('loads the model and makes a ready transcript of good quality, labelled whisper', async () => {
    const video = await uploadAndProcess(media.client, alice, spokenClip().file);
    expect(video.status).toBe('processed');
    const transcript = await waitForTranscript(media.client, alice, video.id, 500_000);
    expect(transcript).toMatchObject({ videoId: video.id, status: 'ready', engine: 'whisper', quality: 'good', language: 'en', message: '' });
    // The test model has no weights: any words it gives are still within the video.
    for (const word of transcript.words) expect(word.end).toBeLessThanOrEqual(video.duration + 0.5);
  }, 600_000);
});
