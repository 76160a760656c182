import { readdirSync, readFileSync } from 'node:fs';
import { fromBinary } from '@bufbuild/protobuf';
import { anyUnpack } from '@bufbuild/protobuf/wkt';
import { commonV1, contractRegistry } from '@reelsmith/proto';
import { connect } from 'nats';
import { api } from '../system/api';
import { TEST_BUCKET, testBucket } from './bucket';
import { testMedia, type TestMedia } from './media';
import type { RunningApp } from './stack';

/** What fault tests (test/system/faults.spec.ts) and `npm run chaos` share. */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The command lines of a process's children (from /proc). */
function childCommands(pid: number): string[] {
  const commands: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) commands.push(readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' '));
    } catch {
      /* gone meanwhile */
    }
  }
  return commands;
}

/** The worker's ffmpeg runs: the analysis decodes into pipe:3, a render writes reel.<format>, processing proxy.mp4. */
export const FFMPEG_STEP = {
  analysis: (command: string) => command.includes('ffmpeg') && command.includes('pipe:3'),
  render: (command: string) => command.includes('ffmpeg') && /\/reel\.(mp4|mov|avi)\b/.test(command),
  transcode: (command: string) => command.includes('ffmpeg') && command.includes('proxy.mp4'),
};

/**
 * SIGKILLs the media worker as soon as it runs the given ffmpeg step (a crash in the middle of that
 * step), then starts a new worker. False when the step did not run within the time given.
 */
export async function killWorkerDuring(app: RunningApp, step: (command: string) => boolean, timeoutMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let killed = false;
  while (Date.now() < deadline) {
    const pid = app.stack.running.get('worker')?.child.pid;
    if (pid && childCommands(pid).some(step)) {
      await app.stack.stopOne('worker', { signal: 'SIGKILL' });
      killed = true;
      break;
    }
    await sleep(25);
  }
  if (killed) await app.stack.start('worker');
  return killed;
}

/**
 * Makes the next reel of a processed video analyse it in its own job (as after an engine change):
 * waits for the background analysis to be kept, then removes it from the bucket (S3_ENDPOINT).
 */
export async function withoutKeptAnalysis(baseUrl: string, token: string, videoId: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await api(baseUrl, 'GET', `/api/videos/${videoId}/analysis`, { token })).status !== 200) {
    if (Date.now() > deadline) throw new Error(`video ${videoId} was not analysed in ${timeoutMs / 1000} s`);
    await sleep(250);
  }
  await testBucket().removeObject(TEST_BUCKET, `derived/${videoId}/analysis.json`);
}

export interface MediaEvent {
  subject: string;
  videoId: string;
  highlightId: string;
}

/** Every evt.media.* event on the EVENTS stream, with the video (and highlight) it is about. */
export async function mediaEvents(natsUrl: string): Promise<MediaEvent[]> {
  const nc = await connect({ servers: natsUrl });
  try {
    const stream = await (await nc.jetstreamManager()).streams.info('EVENTS');
    const total = stream.state.last_seq;
    const consumer = await nc.jetstream().consumers.get('EVENTS', { filterSubjects: 'evt.media.>' });
    const events: MediaEvent[] = [];
    for (;;) {
      const msg = await consumer.next({ expires: 2000 });
      if (!msg) return events;
      const envelope = fromBinary(commonV1.EventEnvelopeSchema, msg.data);
      const payload = anyUnpack(envelope.payload!, contractRegistry) as { videoId?: string; highlightId?: string } | undefined;
      events.push({ subject: msg.subject, videoId: payload?.videoId ?? '', highlightId: payload?.highlightId ?? '' });
      if (msg.seq >= total) return events;
    }
  } finally {
    await nc.close();
  }
}

/** How many times each (subject, video, highlight) occurs, for the events of the given videos. */
export function eventCounts(events: MediaEvent[], videoIds: Iterable<string>): Map<string, number> {
  const wanted = new Set(videoIds);
  const counts = new Map<string, number>();
  for (const e of events) {
    if (!wanted.has(e.videoId)) continue;
    const key = `${e.subject} ${e.videoId}${e.highlightId ? ` ${e.highlightId}` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Repeats a request while it answers 503 (as a client that retries does); every answer is kept. */
export async function retryWhileUnavailable(request: () => Promise<{ status: number }>, answers: number[], timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await request().catch(() => ({ status: 0 }));
    answers.push(res.status);
    if (res.status !== 503 && res.status !== 0) return res as Awaited<ReturnType<typeof request>> & Record<string, any>;
    if (Date.now() > deadline) return res as Awaited<ReturnType<typeof request>> & Record<string, any>;
    await sleep(500);
  }
}

/**
 * An upload as the web app makes it (upload URL, PUT to storage, complete-upload), retrying each
 * step while the system answers 503 or storage refuses. `answers` collects every API status.
 */
export async function uploadWithRetries(baseUrl: string, token: string, file: TestMedia, title: string, answers: number[], timeoutMs = 90_000) {
  const body = readFileSync(testMedia(file));
  const grant = await retryWhileUnavailable(() => api(baseUrl, 'POST', '/api/objects/upload', { token }), answers, timeoutMs);
  if (grant.status !== 200) return { status: grant.status, id: '' };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const put = await fetch(grant.json.uploadURL, { method: 'PUT', body }).then(
      (r) => r.status,
      () => 0,
    );
    if (put === 200) break;
    if (Date.now() > deadline) return { status: put, id: '' };
    await sleep(500);
  }
  const done = await retryWhileUnavailable(
    () =>
      api(baseUrl, 'PUT', '/api/videos/complete-upload', {
        token,
        body: { videoURL: grant.json.uploadURL, title, originalFilename: file, fileSize: body.length, duration: 0 },
      }),
    answers,
    timeoutMs,
  );
  return { status: done.status, id: done.status === 200 ? (done.json.id as string) : '' };
}

/** Polls until every video is processed or error (or the time is up); the last state of each. */
export async function settleVideos(baseUrl: string, token: string, ids: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api(baseUrl, 'GET', '/api/videos', { token }).catch(() => ({ status: 0, json: [] as unknown }));
    const videos = res.status === 200 ? (res.json as unknown as Array<Record<string, any>>) : [];
    const byId = new Map(videos.map((v) => [v.id as string, v]));
    const settled = ids.every((id) => ['processed', 'error'].includes(byId.get(id)?.status));
    if ((res.status === 200 && settled) || Date.now() > deadline) return { all: videos, byId };
    await sleep(500);
  }
}

/** Polls until every highlight is ready or error (or the time is up); the last state of each. */
export async function settleHighlights(baseUrl: string, token: string, ids: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const last = new Map<string, Record<string, any>>();
  for (const id of ids) {
    for (;;) {
      const res = await api(baseUrl, 'GET', `/api/highlights/${id}`, { token }).catch(() => ({ status: 0, json: {} as Record<string, any> }));
      if (res.status === 200) last.set(id, res.json);
      if ((res.status === 200 && ['ready', 'error'].includes(res.json.status)) || Date.now() > deadline) break;
      await sleep(500);
    }
  }
  return last;
}

/**
 * Polls one API route every 200 ms (each request may take up to 10 s; longer is a hang) and keeps
 * every answer, so a run can show what the API said while a dependency was down and how long it
 * took to answer 200 again once it was back.
 */
export class ApiProber {
  readonly samples: Array<{ at: number; status: number }> = [];
  private running = true;
  private readonly loop: Promise<void>;

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly path = '/api/videos',
  ) {
    this.loop = this.run();
  }

  private async run() {
    while (this.running) {
      const at = Date.now();
      const status = await fetch(`${this.baseUrl}${this.path}`, {
        headers: { authorization: `Bearer ${this.token}` },
        signal: AbortSignal.timeout(10_000),
      }).then(
        async (res) => {
          await res.arrayBuffer();
          return res.status;
        },
        (err: Error) => (err.name === 'TimeoutError' ? -1 : 0),
      );
      this.samples.push({ at, status });
      await sleep(Math.max(0, 200 - (Date.now() - at)));
    }
  }

  async stop() {
    this.running = false;
    await this.loop;
  }

  /** Statuses answered between two instants, e.g. {503: 20}; -1 is a request that hung 10 s, 0 a refused connection. */
  statusesBetween(from: number, to: number): Record<number, number> {
    const counts: Record<number, number> = {};
    for (const s of this.samples) if (s.at >= from && s.at < to) counts[s.status] = (counts[s.status] ?? 0) + 1;
    return counts;
  }

  /** The longest stretch without a 200 that reaches past `since` (seconds, counted from `since`). */
  longestOutageAfter(since: number): number {
    let longest = 0;
    let start: number | null = null;
    for (const s of this.samples) {
      if (s.status !== 200) {
        start ??= s.at;
        continue;
      }
      if (start !== null && s.at > since) longest = Math.max(longest, s.at - Math.max(start, since));
      start = null;
    }
    const end = this.samples.at(-1)?.at ?? since;
    if (start !== null) longest = Math.max(longest, end - Math.max(start, since));
    return longest / 1000;
  }
}
