import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { api } from '../test/system/api';
import { postBulk } from '../test/support/multipart';
import type { RssSampler } from './rss';

/** Bench media for bulk batches, made once with ffmpeg and kept in node_modules/.cache. */
const DIR = join(__dirname, '..', 'node_modules', '.cache', 'reelsmith-bench');
const MB = 1e6;
const FILES = 50;

/**
 * Five different 2 s 720p30 H.264/AAC clips at a high bitrate (~15 MB each): short, so the batch
 * processes quickly, but heavy enough in bytes that buffering a file anywhere would show in RSS.
 */
function heavyClip(index: number): string {
  mkdirSync(DIR, { recursive: true });
  const file = join(DIR, `batch-clip-${index}.mp4`);
  if (existsSync(file)) return file;
  const patterns = ['testsrc2', 'smptehdbars', 'rgbtestsrc', 'testsrc', 'smptebars'];
  const input = `${patterns[index % patterns.length]}=size=1280x720:rate=30:duration=2`;
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
      input,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${300 + index * 50}:sample_rate=48000:duration=2`,
      '-vf',
      'format=yuv420p,noise=alls=60:allf=t',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-b:v',
      '60M',
      '-maxrate',
      '60M',
      '-bufsize',
      '60M',
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

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const row = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');

function printRss(idle: Map<string, number>, peaks: Map<string, number>) {
  const widths = [18, 10, 10, 10];
  console.log(row(['process', 'idle MiB', 'peak MiB', 'peak/idle'], widths));
  for (const [name, before] of idle) {
    const peak = peaks.get(name) ?? before;
    console.log(row([name, fmt(before), fmt(peak), fmt(peak / before, 2)], widths));
  }
}

/**
 * One batch of 50 files through POST /api/batches/{id}/videos/bulk (one multipart request read
 * from disk, as a browser sends it) while every process's RSS is sampled; then the batch is
 * followed to the end with a second sample.
 */
export async function batchBench(baseUrl: string, token: string, sampler: RssSampler, idle: Map<string, number>): Promise<void> {
  const files = Array.from({ length: FILES }, (_, i) => ({ path: heavyClip(i % 5), filename: `clip-${String(i + 1).padStart(2, '0')}.mp4` }));
  const bytes = files.reduce((sum, f) => sum + statSync(f.path).size, 0);
  console.log(`\n== Bulk batch: ${FILES} files, ${fmt(bytes / MB, 0)} MB in one multipart request, streamed by the gateway into storage ==`);
  const created = await api(baseUrl, 'POST', '/api/batches', { token, body: { name: 'Bench batch' } });
  if (created.status !== 201) throw new Error(`create batch answered ${created.status}: ${created.text}`);
  const id = created.json.id as string;

  sampler.start();
  const started = Date.now();
  const upload = await postBulk(`${baseUrl}/api/batches/${id}/videos/bulk`, token, files);
  const uploadSeconds = (Date.now() - started) / 1000;
  const uploadPeaks = sampler.stop();
  if (upload.status !== 201) throw new Error(`bulk upload answered ${upload.status}: ${upload.text}`);
  console.log(`upload + checks of ${upload.json.uploaded} files: ${fmt(uploadSeconds)} s = ${fmt(bytes / MB / uploadSeconds)} MB/s`);
  console.log('RSS during the upload (each file is a new object; a buffered file would add ~15 MB each):');
  printRss(idle, uploadPeaks);

  sampler.start();
  let batch = upload.json.batch;
  while (batch.status === 'processing' || batch.status === 'pending') {
    await new Promise((r) => setTimeout(r, 1000));
    batch = (await api(baseUrl, 'GET', `/api/batches/${id}`, { token })).json;
  }
  const processingPeaks = sampler.stop();
  const totalSeconds = (Date.now() - started) / 1000;
  console.log(
    `batch ${batch.status}: ${batch.processedVideos} processed, ${batch.failedVideos} failed of ${batch.totalVideos}, ${fmt(totalSeconds)} s from upload start to the last highlight (${fmt(totalSeconds / FILES, 2)} s per video)`,
  );
  console.log('RSS while the batch was processed and its highlights made:');
  printRss(idle, processingPeaks);
}
