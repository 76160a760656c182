import { createReadStream, statSync } from 'node:fs';
import { request } from 'node:http';
import { api } from '../test/system/api';
import { signUp, waitForVideo } from '../test/system/videos';
import { createTestDatabase, dropTestDatabase, startNatsServer, startS3Server, stopNatsServer, stopS3Server } from '../test/support/infra';
import { startApp } from '../test/support/stack';
import { bareDecodeSeconds, tenMinutes1080p, tenMinutes1080pMkv, thirtySecondsMpeg4, twoGigabytes } from './media-files';
import { RssSampler } from './rss';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const setup = require('../scripts/lib/setup.cjs') as { build(): void; ensureMediaTools(): void };

const MB = 1e6;

/** PUTs a file to a presigned URL the way a browser does (one request, the raw bytes). */
function putFile(url: string, file: string, bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { 'content-length': String(bytes) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    createReadStream(file).pipe(req);
  });
}

async function upload(baseUrl: string, token: string, file: string, bytes: number) {
  const { json } = await api(baseUrl, 'POST', '/api/objects/upload', { token });
  const started = Date.now();
  const status = await putFile(json.uploadURL, file, bytes);
  if (status !== 200) throw new Error(`upload answered ${status}`);
  const uploadSeconds = (Date.now() - started) / 1000;
  const completedAt = Date.now();
  const done = await api(baseUrl, 'PUT', '/api/videos/complete-upload', {
    token,
    body: { videoURL: json.uploadURL, title: file.split('/').pop(), originalFilename: file.split('/').pop(), fileSize: bytes, duration: 0 },
  });
  if (done.status !== 200) throw new Error(`complete-upload answered ${done.status}: ${done.text}`);
  const video = await waitForVideo(baseUrl, token, done.json.id, (v) => v.status === 'processed' || v.status === 'error', 30 * 60_000);
  if (video.status !== 'processed') throw new Error(`processing failed: ${video.errorReason}`);
  return { uploadSeconds, processSeconds: (Date.now() - completedAt) / 1000, video };
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const row = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');

export async function main(args: string[]): Promise<void> {
  const skipUpload = args.includes('--no-2gb');
  setup.ensureMediaTools();
  setup.build();
  console.log('\npreparing bench media (cached in node_modules/.cache/reelsmith-bench)...');
  const big = skipUpload ? undefined : twoGigabytes();
  const cases = [
    { name: '10 min 1080p30 H.264/AAC MP4 (plays as is)', file: tenMinutes1080p() },
    { name: '10 min 1080p30 H.264/AAC MKV (remuxed)', file: tenMinutes1080pMkv() },
    { name: '30 s 1080p30 MPEG-4/MP3 AVI (re-encoded)', file: thirtySecondsMpeg4() },
  ];

  const nats = await startNatsServer();
  const s3 = await startS3Server();
  const databaseUrl = await createTestDatabase();
  Object.assign(process.env, {
    NATS_URL: nats.url, DATABASE_URL: databaseUrl, S3_ENDPOINT: s3.endpoint,
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789', MEDIA_URL_SECRET: 'bench-media-url-secret-long-enough-0123456789',
  });
  const app = await startApp();
  try {
    const token = await signUp(app.baseUrl);
    const pids = new Map([...app.stack.running].map(([name, entry]) => [name, entry.child.pid!]));
    pids.set('s3rver (dev S3)', s3.process.pid!);
    const sampler = new RssSampler(pids);
    const idle = sampler.snapshot();

    if (big) {
      console.log(`\n== Upload of ${fmt(big.bytes / MB, 0)} MB through the presigned URL, then processing ==`);
      sampler.start();
      const result = await upload(app.baseUrl, token, big.file, big.bytes);
      const peaks = sampler.stop();
      console.log(`upload ${fmt(result.uploadSeconds)} s = ${fmt(big.bytes / MB / result.uploadSeconds)} MB/s; complete-upload -> processed ${fmt(result.processSeconds)} s`);
      const widths = [18, 10, 10, 8];
      console.log(row(['process', 'idle MiB', 'peak MiB', 'peak/idle'], widths));
      for (const [name, before] of idle) {
        const peak = peaks.get(name) ?? before;
        console.log(row([name, fmt(before), fmt(peak), fmt(peak / before, 2)], widths));
      }
    }

    console.log('\n== complete-upload -> processed, beside a bare ffmpeg decode of the same file ==');
    const widths = [44, 12, 14, 8];
    console.log(row(['file', 'pipeline s', 'bare decode s', 'ratio'], widths));
    for (const c of cases) {
      const result = await upload(app.baseUrl, token, c.file, statSync(c.file).size);
      const decode = await bareDecodeSeconds(c.file);
      console.log(row([c.name, fmt(result.processSeconds, 2), fmt(decode, 2), fmt(result.processSeconds / decode, 3)], widths));
    }
    console.log('');
  } catch (err) {
    console.error(`--- service logs ---\n${app.logs.slice(-25).join('\n')}`);
    throw err;
  } finally {
    await app.stack.stop();
    stopNatsServer(nats);
    stopS3Server(s3);
    await dropTestDatabase(databaseUrl);
  }
}
