import { fromBinary } from '@bufbuild/protobuf';
import { anyUnpack } from '@bufbuild/protobuf/wkt';
import { commonV1, contractRegistry, type mediaV1 } from '@reelsmith/proto';
import { connect } from 'nats';
import { type RunningApp, startApp } from '../support/stack';
import { eventually } from '../support/wait';
import { signUp, uploadVideo, waitForVideo } from './videos';

/** How many evt.media.video.processed events the EVENTS stream holds for one video. */
async function processedEvents(videoId: string): Promise<number> {
  const nc = await connect({ servers: process.env.NATS_URL });
  try {
    const consumer = await nc.jetstream().consumers.get('EVENTS', { filterSubjects: 'evt.media.video.processed' });
    let count = 0;
    for (;;) {
      const msg = await consumer.next({ expires: 1000 });
      if (!msg) return count;
      const envelope = fromBinary(commonV1.EventEnvelopeSchema, msg.data);
      if ((anyUnpack(envelope.payload!, contractRegistry) as mediaV1.VideoProcessed).videoId === videoId) count += 1;
    }
  } finally {
    await nc.close();
  }
}

async function pendingJobs(): Promise<number> {
  const nc = await connect({ servers: process.env.NATS_URL });
  try {
    return (await (await nc.jetstreamManager()).streams.info('JOBS')).state.messages;
  } finally {
    await nc.close();
  }
}

describe('a media worker that dies mid-job', () => {
  let app: RunningApp;
  let token: string;
  beforeAll(async () => {
    app = await startApp({ JOB_ACK_WAIT_SECONDS: '4' });
    token = await signUp(app.baseUrl);
  }, 60_000);
  afterAll(async () => {
    await app?.stack.stop();
  });

  it('leaves its job to another worker, which finishes it exactly once', async () => {
    const created = await uploadVideo(app.baseUrl, token, 'slow.webm');
    expect(created.status).toBe(200);
    await waitForVideo(app.baseUrl, token, created.json.id, (v) => v.stage === 'transcoding', 30_000);

    await app.stack.stopOne('worker', { signal: 'SIGKILL' });
    await app.stack.start('worker');

    const done = await waitForVideo(app.baseUrl, token, created.json.id, (v) => v.status === 'processed' || v.status === 'error', 120_000);
    expect(done).toMatchObject({ status: 'processed', stage: 'done', width: 1280, height: 720 });
    expect(await processedEvents(created.json.id)).toBe(1);
    // Nothing left behind: the stream drains (the transcript job queued after processing may still be running).
    await eventually(async () => expect(await pendingJobs()).toBe(0), { timeoutMs: 60_000, intervalMs: 500 });
  }, 240_000);

  it('hands its job back at once when stopped gracefully', async () => {
    const created = await uploadVideo(app.baseUrl, token, 'slow.webm');
    await waitForVideo(app.baseUrl, token, created.json.id, (v) => v.stage === 'transcoding', 30_000);
    await app.stack.stopOne('worker');
    await app.stack.start('worker');
    const done = await waitForVideo(app.baseUrl, token, created.json.id, (v) => v.status === 'processed' || v.status === 'error', 120_000);
    expect(done.status).toBe('processed');
    expect(await processedEvents(created.json.id)).toBe(1);
  }, 180_000);
});
