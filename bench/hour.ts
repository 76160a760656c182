import { statSync } from 'node:fs';
import type * as Minio from 'minio';
import { MediaRepository } from '../services/media/src/ffmpeg/media.repository';
import { api } from '../test/system/api';
import { TEST_BUCKET, testBucket } from '../test/support/bucket';
import type { RunningApp } from '../test/support/stack';
import type { PlantedVideo } from '../test/support/planted';
import { hourMatch, momentScores, tenMinuteMatch } from './engine';
import { bareDecodeSeconds } from './media-files';
import { cpuSeconds, RssSampler } from './rss';
import { upload } from './upload';

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const row = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');

interface LengthFigures {
  footageSeconds: number;
  processSeconds: number;
  /** processed -> the background analysis kept (GET /api/videos/:id/analysis answers 200). */
  untilAnalysedSeconds: number;
  /** The worker's own analysis time, from its log. */
  analysisSeconds: number;
  decodeSeconds: number;
  clickAnalysedSeconds: number;
  clickFreshSeconds: number;
  freshAnalysisSeconds: number;
  renderSeconds: number;
  recall: number;
  /** Worker CPU seconds (node and its ffmpeg runs) for processing + background analysis, and for one reel of an analysed video. */
  processCpuSeconds: number;
  reelCpuSeconds: number;
  peakRss: Map<string, number>;
}

/**
 * `--only=hour`: the 10-minute match and an hour of the same, each uploaded, processed and analysed
 * in the background, then one click -> 30 s reel for the analysed video and for the same video with
 * its analysis removed; side by side with the ratio, and every process's peak memory.
 */
export async function hourBench(app: RunningApp, token: string, pids: Map<string, number>, args: string[] = []): Promise<void> {
  const storage = testBucket(app.env.S3_ENDPOINT);
  // --footage=<file>: real footage in place of the generated hour (no planted moments: recall not measured).
  const footage = args.find((a) => a.startsWith('--footage='))?.slice('--footage='.length);
  const long = footage ? await realFootage(footage) : hourMatch();
  const matches = [tenMinuteMatch(), long];
  console.log(
    `\n== An hour of footage: the 10-minute match beside ${footage ? `${footage} (${fmt(long.duration / 60)} min)` : 'the 60-minute one (1080p30)'} ==`,
  );
  const figures: LengthFigures[] = [];
  for (const match of matches) figures.push(await measureLength(app, token, pids, storage, match));
  print(figures);
}

async function measureLength(app: RunningApp, token: string, pids: Map<string, number>, storage: Minio.Client, match: PlantedVideo): Promise<LengthFigures> {
  const worker = pids.get('worker')!;
  const sampler = new RssSampler(pids, ['worker']);
  sampler.start();
  const cpuBefore = cpuSeconds(worker);
  const { processSeconds, video } = await upload(app.baseUrl, token, match.file, statSync(match.file).size);
  const processedAt = Date.now();
  await untilAnalysed(app.baseUrl, token, video.id);
  const untilAnalysedSeconds = (Date.now() - processedAt) / 1000;
  const processCpuSeconds = cpuSeconds(worker) - cpuBefore;
  const analysisSeconds = workerAnalysisSeconds(app, video.id);

  const reelCpuBefore = cpuSeconds(worker);
  const analysed = await clickForReel(app.baseUrl, token, video.id);
  const reelCpuSeconds = cpuSeconds(worker) - reelCpuBefore;
  // The same click on a video that is not analysed yet: its kept analysis removed from the bucket.
  await storage.removeObject(TEST_BUCKET, `derived/${video.id}/analysis.json`);
  const fresh = await clickForReel(app.baseUrl, token, video.id);
  const peakRss = sampler.stop();
  const decodeSeconds = await bareDecodeSeconds(match.file);
  return {
    footageSeconds: match.duration,
    processSeconds,
    untilAnalysedSeconds,
    analysisSeconds,
    decodeSeconds,
    clickAnalysedSeconds: analysed.seconds,
    clickFreshSeconds: fresh.seconds,
    freshAnalysisSeconds: fresh.highlight.timings.analysisSeconds ?? NaN,
    renderSeconds: analysed.highlight.timings.renderSeconds ?? NaN,
    recall: match.events.length ? momentScores(match, analysed.highlight.moments).recall : NaN,
    processCpuSeconds,
    reelCpuSeconds,
    peakRss,
  };
}

async function realFootage(file: string): Promise<PlantedVideo> {
  const facts = await new MediaRepository({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }).probe(file);
  return { file, duration: facts.duration, events: [], cuts: [] };
}

async function untilAnalysed(baseUrl: string, token: string, videoId: string) {
  for (const deadline = Date.now() + 60 * 60_000; Date.now() < deadline;) {
    if ((await api(baseUrl, 'GET', `/api/videos/${videoId}/analysis`, { token })).status === 200) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`video ${videoId} was not analysed within an hour`);
}

/** The worker's "video <id>: analysed in N s" line. */
function workerAnalysisSeconds(app: RunningApp, videoId: string): number {
  const line = app.logs.find((l) => l.includes(`video ${videoId}: analysed in `));
  return line ? Number(/analysed in ([\d.]+) s/.exec(line)?.[1]) : NaN;
}

/** One click (sport, 30 s, energetic music) until the reel is ready. */
async function clickForReel(baseUrl: string, token: string, videoId: string) {
  const tracks = (await api(baseUrl, 'GET', '/api/music-tracks', { token })).json as Array<{ id: string; mood: string }>;
  const track = tracks.find((t) => t.mood === 'energetic') ?? tracks[0];
  const started = Date.now();
  const queued = await api(baseUrl, 'POST', `/api/videos/${videoId}/generate-highlights`, {
    token,
    body: { preset: 'sport', targetLength: 30, musicTrackId: track.id },
  });
  if (queued.status !== 202) throw new Error(`generate-highlights answered ${queued.status}: ${queued.text}`);
  let highlight = queued.json as Record<string, any>;
  while (highlight.status !== 'ready' && highlight.status !== 'error') {
    await new Promise((r) => setTimeout(r, 250));
    highlight = (await api(baseUrl, 'GET', `/api/highlights/${highlight.id}`, { token })).json;
  }
  if (highlight.status !== 'ready') throw new Error(`the reel failed: ${highlight.errorReason}`);
  return { seconds: (Date.now() - started) / 1000, highlight };
}

function print([ten, hour]: LengthFigures[]) {
  const widths = [58, 9, 9, 7, 16];
  console.log(row(['measure', '10 min', 'long', 'long/10', 'goal (60 min)'], widths));
  const line = (what: string, a: number, b: number, goal = '', digits = 1) =>
    console.log(row([what, fmt(a, digits), fmt(b, digits), fmt(b / a, 2), goal], widths));
  line('complete-upload -> processed, s', ten.processSeconds, hour.processSeconds);
  line('processed -> analysed in the background, s', ten.untilAnalysedSeconds, hour.untilAnalysedSeconds);
  line('upload complete -> analysed, s', ten.processSeconds + ten.untilAnalysedSeconds, hour.processSeconds + hour.untilAnalysedSeconds, '60/10 <= 6');
  line('  worker analysis, s', ten.analysisSeconds, hour.analysisSeconds);
  line('  bare decode, s', ten.decodeSeconds, hour.decodeSeconds);
  line('  analysis / bare decode', ten.analysisSeconds / ten.decodeSeconds, hour.analysisSeconds / hour.decodeSeconds, '<= 0.5', 2);
  line('one click -> 30 s reel, analysed video, s', ten.clickAnalysedSeconds, hour.clickAnalysedSeconds, '<= 150');
  line('  of which render, s', ten.renderSeconds, hour.renderSeconds);
  line('one click -> 30 s reel, not analysed yet, s', ten.clickFreshSeconds, hour.clickFreshSeconds);
  line('  of which analysis, s', ten.freshAnalysisSeconds, hour.freshAnalysisSeconds);
  line('planted-moment recall of the reel', ten.recall, hour.recall, '', 2);
  line('worker CPU-s: processing + analysis', ten.processCpuSeconds, hour.processCpuSeconds);
  line('  per footage minute', ten.processCpuSeconds / (ten.footageSeconds / 60), hour.processCpuSeconds / (hour.footageSeconds / 60), '', 2);
  line('worker CPU-s: one 30 s reel of an analysed video', ten.reelCpuSeconds, hour.reelCpuSeconds);
  console.log('peak RSS, MiB (upload to the second reel):');
  for (const name of ten.peakRss.keys()) line(`  ${name}`, ten.peakRss.get(name)!, hour.peakRss.get(name) ?? NaN, name.startsWith('worker') ? 'flat' : '', 0);
}
