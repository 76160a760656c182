import { readFileSync, statSync } from 'node:fs';
import type { INestApplication } from '@nestjs/common';
import { createRpcClient, RpcClient } from '@reelsmith/kit';
import { mediaV1 } from '@reelsmith/proto';
import { configSchema, workerConfigSchema } from '../src/config';
import { MediaModule } from '../src/media.module';
import { WorkerModule } from '../src/worker/worker.module';
import { testMedia, type TestMedia } from '../../../test/support/media';
import { startServiceApp } from '../../../test/support/service-app';

export const Rpc = mediaV1.MediaService.method;

/** The media API and one worker in this process, over the run's real NATS, PostgreSQL, S3 and ffmpeg. */
export async function startMedia(
  workerEnv: Record<string, string> = {},
): Promise<{ api: INestApplication; worker: INestApplication; client: RpcClient; stop(): Promise<void> }> {
  const api = await startServiceApp('media', configSchema, (c) => MediaModule.register(c));
  const worker = await startServiceApp('media-worker', workerConfigSchema, (c) => WorkerModule.register(c), {
    rpc: false,
    env: { JOB_ACK_WAIT_SECONDS: '5', ...workerEnv },
  });
  const client = createRpcClient(process.env.NATS_URL!, 20_000);
  await client.connect();
  return {
    api,
    worker,
    client,
    // The API first: an app left running (a close that hangs) would go on answering the requests of
    // the suites after this one, from a torn-down test environment.
    async stop() {
      await client.close();
      await api.close();
      await worker.close();
    },
  };
}

/** Does what the browser does: ask for an upload URL, PUT the file to it (a test media name or a path). */
export async function uploadFile(client: RpcClient, userId: string, name: TestMedia | string): Promise<{ uploadUrl: string; size: number }> {
  const { uploadUrl } = await client.call(Rpc.uploadUrlCreate, { userId });
  const path = name.startsWith('/') ? name : testMedia(name as TestMedia);
  const body = readFileSync(path);
  const res = await fetch(uploadUrl, { method: 'PUT', body });
  if (res.status !== 200) throw new Error(`upload PUT answered ${res.status}: ${await res.text()}`);
  return { uploadUrl, size: statSync(path).size };
}

export async function waitForStatus(client: RpcClient, userId: string, videoId: string, statuses: string[], timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const video = await client.call(Rpc.videosGet, { userId, videoId });
    if (statuses.includes(video.status)) return video;
    if (Date.now() > deadline) throw new Error(`video ${videoId} stayed ${video.status} (${video.stage})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function waitForHighlight(client: RpcClient, userId: string, highlightId: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const highlight = await client.call(Rpc.highlightsGet, { userId, highlightId });
    if (highlight.status === 'ready' || highlight.status === 'error') return highlight;
    if (Date.now() > deadline) throw new Error(`highlight ${highlightId} stayed ${highlight.status} (${highlight.stage})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The transcript once it is no longer pending. */
export async function waitForTranscript(client: RpcClient, userId: string, videoId: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const transcript = await client.call(Rpc.transcriptsGet, { userId, videoId });
    if (transcript.status !== 'pending') return transcript;
    if (Date.now() > deadline) throw new Error(`the transcript of ${videoId} stayed pending`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Uploads a file (a path) as a browser does and waits until it is processed. */
export async function uploadAndProcess(client: RpcClient, userId: string, file: string) {
  const { uploadUrl, size } = await uploadFile(client, userId, file);
  const created = await client.call(Rpc.uploadComplete, {
    userId,
    videoUrl: uploadUrl,
    title: 'Toast',
    originalFilename: 'toast.mp4',
    fileSize: BigInt(size),
    duration: 0,
  });
  return waitForStatus(client, userId, created.id, ['processed', 'error']);
}
