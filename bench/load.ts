import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { api } from '../test/system/api';
import { signUp } from '../test/system/videos';
import type { RunningApp } from '../test/support/stack';
import { selfTimeByPackage, topSelfTime } from './cpu-profile';
import { tenMinuteMatch } from './engine';
import { hammer, type LoadResult, noAnswerCodes, steadyRate } from './http-load';
import type { RssSampler } from './rss';
import { upload } from './upload';

const DIR = join(__dirname, '..', 'node_modules', '.cache', 'reelsmith-bench');
const UPLOADS = 50;
const UPLOADERS = 10;
const READS_PER_SECOND = 200;
const READ_SECONDS = 60;
const WARM_UP_SECONDS = 15;
const LISTED_VIDEOS = 100;
const CONNECTIONS = 50;
const HAMMER_SECONDS = 10;

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const row = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');

/** Five different 3 s 640x360 H.264/AAC clips with a tone (each upload is its own object anyway). */
function clip(index: number): string {
  mkdirSync(DIR, { recursive: true });
  const file = join(DIR, `load-clip-${index}.mp4`);
  if (existsSync(file)) return file;
  const patterns = ['testsrc2', 'smptehdbars', 'rgbtestsrc', 'testsrc', 'smptebars'];
  execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `${patterns[index]}=size=640x360:rate=30:duration=3`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${440 + index * 110}:sample_rate=48000:duration=3`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      '-movflags',
      '+faststart',
      `${file}.tmp.mp4`,
    ],
    { stdio: 'inherit' },
  );
  renameSync(`${file}.tmp.mp4`, file);
  return file;
}

const userIdOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Rows as the worker leaves a processed video, so every media URL of the list is signed. */
async function seedVideos(databaseUrl: string, userId: string, count: number): Promise<void> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO media.videos (user_id, title, original_filename, object_key, file_size, duration, status, stage,
         thumbnail_key, content_type, width, height, video_codec, audio_codec, created_at)
       SELECT $1::uuid, 'Match ' || n, 'match-' || n || '.mp4', 'uploads/' || $1::text || '/' || gen_random_uuid(), 52428800 + n, 600 + n,
         'processed', 'done', 'thumbnails/' || gen_random_uuid() || '.jpg', 'video/mp4', 1920, 1080, 'h264', 'aac',
         now() - n * interval '1 minute'
       FROM generate_series(1, $2::int) AS n`,
      [userId, count],
    );
  } finally {
    await db.end();
  }
}

/**
 * A bare node:http server in its own process (as the gateway has its own), answering every request
 * with the same pre-serialised bytes.
 */
async function bareServer(body: Buffer): Promise<{ url: string; close(): Promise<void> }> {
  const file = join(mkdtempSync(join(tmpdir(), 'reelsmith-bare-')), 'body.json');
  writeFileSync(file, body);
  const script = `
    const body = require('node:fs').readFileSync(process.argv[1]);
    const server = require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/api/videos`,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dirname(file), { recursive: true, force: true });
          resolve();
        });
        child.kill();
      }),
  };
}

function printHammer(results: Array<[string, LoadResult]>) {
  const widths = [46, 9, 8, 8, 8, 7];
  console.log(row(['target', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors'], widths));
  for (const [name, r] of results) console.log(row([name, fmt(r.perSecond, 0), fmt(r.p50), fmt(r.p99), String(r.requests), String(r.errors)], widths));
  for (const [name, r] of results.filter(([, r]) => r.errors > 0))
    console.log(`${name}: statuses ${[...r.statuses].map(([s, n]) => `${s || 'no answer'}: ${n}`).join(', ')}`);
}

/** Starts (first call) or stops and writes (second call) the CPU profile of the named services. */
function toggleProfiles(app: RunningApp, names: string[]) {
  for (const name of names) app.stack.running.get(name)?.child.kill('SIGWINCH');
}

/** The CPU profiles written under `dir`: top self-time functions and packages of each. */
async function printProfiles(dir: string) {
  await new Promise((r) => setTimeout(r, 2000));
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()) {
    console.log(`\n-- ${file}: self time by package --`);
    console.log(
      selfTimeByPackage(join(dir, file))
        .map((p) => `${p.name} ${fmt(p.share * 100)}%`)
        .join(', '),
    );
    console.log(`-- top functions by self time --`);
    for (const f of topSelfTime(join(dir, file), 15)) console.log(`${fmt(f.share * 100).padStart(5)}%  ${f.name}  ${f.where}`);
  }
}

/**
 * GET /api/videos of a user with 100 videos through the whole stack (JWT, NATS, protobuf, the
 * query, signed URLs), beside a bare node:http server answering the same bytes.
 */
async function listBench(app: RunningApp, databaseUrl: string, profileDir?: string) {
  const token = await signUp(app.baseUrl);
  await seedVideos(databaseUrl, userIdOf(token), LISTED_VIDEOS);
  const first = await api(app.baseUrl, 'GET', '/api/videos', { token });
  if (first.status !== 200 || first.json.length !== LISTED_VIDEOS)
    throw new Error(`GET /api/videos answered ${first.status} with ${first.json?.length} videos`);
  const body = Buffer.from(first.text);
  console.log(`\n== GET /api/videos with ${LISTED_VIDEOS} videos (${fmt(body.length / 1024)} KiB), ${CONNECTIONS} connections for ${HAMMER_SECONDS} s each ==`);
  console.log(`machine load average (1 min) ${fmt(loadavg()[0])} on ${cpus().length} cores: the figures move with it, the ratios less`);
  const bare = await bareServer(body);
  const results: Array<[string, LoadResult]> = [];
  try {
    // Warm both (JIT, connection pools) before measuring.
    await hammer(`${app.baseUrl}/api/videos`, { connections: 10, seconds: 2, headers: bearer(token) });
    await hammer(bare.url, { connections: 10, seconds: 1 });
    if (profileDir) toggleProfiles(app, ['gateway', 'media']);
    results.push([
      'gateway GET /api/videos (100 videos)',
      await hammer(`${app.baseUrl}/api/videos`, { connections: CONNECTIONS, seconds: HAMMER_SECONDS, headers: bearer(token) }),
    ]);
    if (profileDir) toggleProfiles(app, ['gateway', 'media']);
    results.push(['bare node:http, the same bytes', await hammer(bare.url, { connections: CONNECTIONS, seconds: HAMMER_SECONDS })]);
    results.push(['gateway /healthz (no NATS, no auth)', await hammer(`${app.baseUrl}/healthz`, { connections: CONNECTIONS, seconds: HAMMER_SECONDS })]);
    const rendering = await startRender(app.baseUrl);
    results.push([
      'gateway GET /api/videos while a reel is made',
      await hammer(`${app.baseUrl}/api/videos`, { connections: CONNECTIONS, seconds: HAMMER_SECONDS, headers: bearer(token) }),
    ]);
    results.push(['bare node:http, the same, while a reel is made', await hammer(bare.url, { connections: CONNECTIONS, seconds: HAMMER_SECONDS })]);
    await rendering.done;
  } finally {
    await bare.close();
  }
  printHammer(results);
  const [gateway, plain, health, gatewayRendering, plainRendering] = results.map(([, r]) => r);
  console.log(
    `ratio gateway / bare: ${fmt(gateway.perSecond / plain.perSecond, 3)} of the req/s (p50 ${fmt(gateway.p50 / plain.p50)}x); gateway /healthz / bare: ${fmt(health.perSecond / plain.perSecond, 3)}; while a reel is made: ${fmt(gatewayRendering.perSecond / plainRendering.perSecond, 3)}`,
  );
  if (profileDir) await printProfiles(profileDir);
}

/**
 * A reel being made while the list is hammered: the 10-minute 1080p match uploaded and processed,
 * then one click at once, while its background analysis has only begun: the worker decodes (about
 * 15 s) and then renders (about 8 s), which covers both measured windows.
 */
async function startRender(baseUrl: string): Promise<{ done: Promise<void> }> {
  const token = await signUp(baseUrl);
  const match = tenMinuteMatch();
  const { video } = await upload(baseUrl, token, match.file, statSync(match.file).size);
  const queued = await api(baseUrl, 'POST', `/api/videos/${video.id}/generate-highlights`, { token, body: { preset: 'sport', targetLength: 30 } });
  if (queued.status !== 202) throw new Error(`generate-highlights answered ${queued.status}: ${queued.text}`);
  const done = (async () => {
    for (;;) {
      const { json } = await api(baseUrl, 'GET', `/api/highlights/${queued.json.id}`, { token });
      if (json.status === 'ready' || json.status === 'error') return;
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  return { done };
}

/** The web's upload: upload URL, PUT to storage, complete-upload. The new video's id. */
async function uploadClip(baseUrl: string, token: string, file: string): Promise<string> {
  const { status: granted, json } = await api(baseUrl, 'POST', '/api/objects/upload', { token });
  if (granted !== 200) throw new Error(`upload URL answered ${granted}`);
  const body = readFileSync(file);
  const put = await new Promise<number>((resolve, reject) => {
    const req = request(json.uploadURL, { method: 'PUT', headers: { 'content-length': String(body.length) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
  if (put !== 200) throw new Error(`storage PUT answered ${put}`);
  const done = await api(baseUrl, 'PUT', '/api/videos/complete-upload', {
    token,
    body: { videoURL: json.uploadURL, title: 'Load clip', originalFilename: 'load-clip.mp4', fileSize: body.length, duration: 0 },
  });
  if (done.status !== 200) throw new Error(`complete-upload answered ${done.status}: ${done.text}`);
  return done.json.id as string;
}

/** Every listed video of every user settled (processed or error), or the deadline passed. */
async function untilSettled(baseUrl: string, tokens: string[], expected: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lists = await Promise.all(tokens.map((token) => api(baseUrl, 'GET', '/api/videos', { token })));
    const videos = lists.flatMap((l) => (l.status === 200 ? (l.json as Array<{ status: string; errorReason: string | null }>) : []));
    const settled = videos.filter((v) => v.status === 'processed' || v.status === 'error');
    if ((videos.length >= expected && settled.length === videos.length) || Date.now() > deadline) return videos;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** 50 concurrent uploads of real clips while 200 reads a second hit the API for 60 s. */
async function sustainedBench(app: RunningApp, sampler: RssSampler) {
  const files = [0, 1, 2, 3, 4].map(clip);
  // One after another: each registration is an argon2 hash, and the load starts only after.
  const tokens: string[] = [];
  for (let i = 0; i < UPLOADERS; i++) tokens.push(await signUp(app.baseUrl));
  const known = new Map<string, string[]>(tokens.map((t) => [t, []]));
  // One processed video each before the run, so reads of one video and its highlights have a target.
  for (const token of tokens) known.get(token)!.push(await uploadClip(app.baseUrl, token, files[0]));
  await untilSettled(app.baseUrl, tokens, tokens.length, 120_000);
  console.log(
    `\n== ${UPLOADS} concurrent uploads (${UPLOADERS} users, 3 s 640x360 H.264/AAC clips, presigned PUT + complete-upload) + ${READS_PER_SECOND} reads/s for ${READ_SECONDS} s ==`,
  );

  let turn = 0;
  const next = () => {
    const token = tokens[turn % tokens.length];
    const ids = known.get(token)!;
    const id = ids[Math.floor(turn / tokens.length) % ids.length];
    const paths = ['/api/videos', `/api/videos/${id}`, `/api/videos/${id}/highlights`, '/api/videos', '/api/video-folders'];
    turn += 1;
    return { path: paths[turn % paths.length], headers: bearer(token) };
  };
  // The same reads for a while first: what a process grows to once its code is compiled and its heap
  // sized is its working size, not a leak; "before" is taken after that, so after/before shows growth.
  await steadyRate(app.baseUrl, { rate: READS_PER_SECOND, seconds: WARM_UP_SECONDS, next });
  await new Promise((r) => setTimeout(r, 5_000));
  const idle = sampler.snapshot();

  sampler.start();
  const started = Date.now();
  const uploadErrors: string[] = [];
  const uploads = Promise.all(
    Array.from({ length: UPLOADS }, async (_, i) => {
      const token = tokens[i % UPLOADERS];
      try {
        known.get(token)!.push(await uploadClip(app.baseUrl, token, files[i % files.length]));
      } catch (err) {
        uploadErrors.push((err as Error).message);
      }
    }),
  ).then(() => (Date.now() - started) / 1000);
  const loadBefore = loadavg()[0];
  const reads = await steadyRate(app.baseUrl, { rate: READS_PER_SECOND, seconds: READ_SECONDS, next });
  const uploadSeconds = await uploads;
  const videos = await untilSettled(app.baseUrl, tokens, UPLOADERS + UPLOADS - uploadErrors.length, 10 * 60_000);
  const settledSeconds = (Date.now() - started) / 1000;
  const peaks = sampler.stop();
  // Let the processes settle (timers, sockets, GC) before the after-sample.
  await new Promise((r) => setTimeout(r, 15_000));
  const after = sampler.snapshot();

  const processed = videos.filter((v) => v.status === 'processed').length;
  const failed = videos.filter((v) => v.status === 'error');
  const widths = [52, 12];
  console.log(`machine load average (1 min) ${fmt(loadBefore)} at the start, ${fmt(loadavg()[0])} at the end, on ${cpus().length} cores`);
  console.log(row(['measure', 'value'], widths));
  console.log(row(['uploads accepted (complete-upload 200)', `${UPLOADS - uploadErrors.length}/${UPLOADS}`], widths));
  console.log(row(['all 50 uploads completed after, s', fmt(uploadSeconds)], widths));
  console.log(row([`videos listed afterwards (${UPLOADERS} before the run + ${UPLOADS})`, String(videos.length)], widths));
  console.log(row([`videos processed (of ${UPLOADERS + UPLOADS})`, String(processed)], widths));
  console.log(row(['videos in error', String(failed.length)], widths));
  console.log(row(['last video settled after, s', fmt(settledSeconds)], widths));
  console.log(row(['reads sent / answered 2xx', `${reads.requests}/${reads.requests - reads.errors}`], widths));
  console.log(row(['read errors (non-2xx or no answer)', String(reads.errors)], widths));
  console.log(row(['read latency p50 / p95 / p99, ms', `${fmt(reads.p50)} / ${fmt(reads.p95)} / ${fmt(reads.p99)}`], widths));
  for (const [kind, latencies] of reads.byPath) {
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      row(
        [`  ${kind} (${sorted.length}) p50 / p99, ms`, `${fmt(sorted[Math.floor(sorted.length / 2)])} / ${fmt(sorted[Math.floor(sorted.length * 0.99)])}`],
        widths,
      ),
    );
  }
  const errors = uploadErrors.length + failed.length + reads.errors + (UPLOADERS + UPLOADS - uploadErrors.length - processed - failed.length);
  console.log(row(['errors in all (must be 0)', String(errors)], widths));
  if (uploadErrors.length) console.log(`upload errors: ${[...new Set(uploadErrors)].join('; ')}`);
  if (failed.length) console.log(`processing errors: ${[...new Set(failed.map((v) => v.errorReason))].join('; ')}`);
  if (reads.errors) console.log(`read statuses: ${[...reads.statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}`);
  if (noAnswerCodes.size) console.log(`no answer because: ${[...noAnswerCodes].map(([code, n]) => `${code}: ${n}`).join(', ')}`);

  const rssWidths = [18, 10, 10, 10, 11];
  console.log(`RSS before: after ${WARM_UP_SECONDS} s of the same reads; after: 15 s after the last video settled`);
  console.log(row(['process', 'before MiB', 'peak MiB', 'after MiB', 'after/before'], rssWidths));
  for (const [name, before] of idle) {
    const afterMiB = after.get(name) ?? 0;
    console.log(row([name, fmt(before), fmt(peaks.get(name) ?? before), fmt(afterMiB), fmt(afterMiB / before, 2)], rssWidths));
  }
}

/** `npm run bench -- --only=load [--profile]`. */
export async function loadBench(app: RunningApp, databaseUrl: string, sampler: RssSampler, options: { profileDir?: string; skipSustained?: boolean }) {
  await listBench(app, databaseUrl, options.profileDir);
  if (!options.skipSustained) await sustainedBench(app, sampler);
}

export const newProfileDir = () => mkdtempSync(join(tmpdir(), 'reelsmith-cpu-'));
