import { statSync } from 'node:fs';
import { api } from '../test/system/api';
import { signUp } from '../test/system/videos';
import { upload } from './upload';
import { createTestDatabase, dropTestDatabase, startNatsServer, startS3Server, stopNatsServer, stopS3Server } from '../test/support/infra';
import { startApp } from '../test/support/stack';
import { batchBench } from './batch';
import { loadBench, newProfileDir } from './load';
import { measureAnalysis, momentScores, plainEncodeOfMoments, plainEncodeSeconds, tenMinuteMatch } from './engine';
import { bareDecodeSeconds, tenMinutes1080p, tenMinutes1080pMkv, thirtySecondsMpeg4, twoGigabytes } from './media-files';
import { RssSampler } from './rss';
import { scaleBench } from './scale';
import { hourBench } from './hour';
import { DEFAULT_MEDIA_DEV, realBench } from './real';
import { splicedBench } from './spliced';
import { momentsBench } from './moments';
import { speechBench } from './speech';
import { main as faceReel } from './face-reel';
import { webBench } from './web';
import { platformsBench } from './platforms';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the set-up scripts are CommonJS without types
const setup = require('../scripts/lib/setup.cjs') as { build(): void; ensureMediaTools(): void; ensureCommands(packages: Record<string, string>): void };

const MB = 1e6;

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const row = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');

export async function main(args: string[]): Promise<void> {
  const skipUpload = args.includes('--no-2gb');
  const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const runs = (part: string) => !only || only === part;
  setup.ensureMediaTools();
  // A 9:16 reel of a clip with a person, its frames tiled and shown by Chromium (--clip=<video>): no stack.
  if (only === 'face-reel') return faceReel(args);
  // Real camera clips (../shared/media-dev, or --media-dev=<dir> / MEDIA_DEV_DIR): the analyser alone, no stack.
  // Then edits spliced from those clips at run time (bench/spliced.ts): a held-out check with exact ground truth.
  if (runs('real') || only === 'spliced') {
    const dir = args.find((a) => a.startsWith('--media-dev='))?.slice('--media-dev='.length) ?? process.env.MEDIA_DEV_DIR ?? DEFAULT_MEDIA_DEV;
    if (only !== 'spliced') await realBench(dir);
    await splicedBench(dir);
    if (only === 'real' || only === 'spliced') return;
  }
  // The engine's moments on those clips joined at run time and alone (bench/moments.ts): events hit, moments
  // without an event, bad frames in the reel, renders as the worker makes them (--no-render, --clip=<input>, --fresh).
  if (runs('moments')) {
    await momentsBench(args);
    if (only === 'moments') return;
  }
  // Speech (bench/speech.ts): VAD F1, sentence cuts, cost, word error rates; no stack.
  if (runs('speech')) {
    setup.ensureCommands({ 'espeak-ng': 'espeak-ng' });
    await speechBench(args);
    if (only === 'speech') return;
  }
  setup.build();
  console.log('\npreparing bench media (cached in node_modules/.cache/reelsmith-bench)...');
  const big = skipUpload || !runs('upload') ? undefined : twoGigabytes();
  const match = runs('engine') ? tenMinuteMatch() : undefined;
  const cases = !runs('pipeline')
    ? []
    : [
        { name: '10 min 1080p30 H.264/AAC MP4 (plays as is)', file: tenMinutes1080p() },
        { name: '10 min 1080p30 H.264/AAC MKV (remuxed)', file: tenMinutes1080pMkv() },
        { name: '30 s 1080p30 MPEG-4/MP3 AVI (re-encoded)', file: thirtySecondsMpeg4() },
      ];

  const nats = await startNatsServer();
  const s3 = await startS3Server();
  const databaseUrl = await createTestDatabase();
  Object.assign(process.env, {
    NATS_URL: nats.url,
    DATABASE_URL: databaseUrl,
    S3_ENDPOINT: s3.endpoint,
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    MEDIA_URL_SECRET: 'bench-media-url-secret-long-enough-0123456789',
  });
  // --profile: gateway and media run with a CPU profiler that the load part switches on for its measured window.
  const profileDir = runs('load') && args.includes('--profile') ? newProfileDir() : undefined;
  const profiling: Record<string, string> = profileDir
    ? { NODE_OPTIONS: `--require ${require.resolve('./profile-preload.cjs')}`, CPU_PROFILE_DIR: profileDir }
    : {};
  // debug: the worker's per-render split (ffmpeg, storing the reel) is printed after the engine table,
  // and the hour part reads the worker's analysis time from its log;
  // the load part measures at the default level, as deployed.
  // A generous start-up deadline: the bench often shares a busy machine.
  // BENCH_WEB_DIST=<dir>: the web app another build made (say, the main branch's web/dist), to compare with.
  const webDist: Record<string, string> = process.env.BENCH_WEB_DIST ? { WEB_DIST: process.env.BENCH_WEB_DIST } : {};
  const app = await startApp({ LOG_LEVEL: runs('engine') || only === 'hour' ? 'debug' : 'info', ...profiling, ...webDist }, { readyTimeoutMs: 300_000 });
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
      console.log(
        `upload ${fmt(result.uploadSeconds)} s = ${fmt(big.bytes / MB / result.uploadSeconds)} MB/s; complete-upload -> processed ${fmt(result.processSeconds)} s`,
      );
      const widths = [18, 10, 10, 8];
      console.log(row(['process', 'idle MiB', 'peak MiB', 'peak/idle'], widths));
      for (const [name, before] of idle) {
        const peak = peaks.get(name) ?? before;
        console.log(row([name, fmt(before), fmt(peak), fmt(peak / before, 2)], widths));
      }
    }

    if (runs('web')) await webBench(app.baseUrl, token);
    if (runs('batch')) await batchBench(app.baseUrl, token, sampler, idle);
    if (runs('load')) await loadBench(app, databaseUrl, sampler, { profileDir, skipSustained: args.includes('--list-only') });
    if (runs('scale'))
      await scaleBench(
        app,
        args,
        new Map([
          ['nats-server', nats.process.pid!],
          ['s3rver', s3.process.pid!],
        ]),
      );
    // An hour of footage takes about half an hour to measure: only when asked for.
    if (only === 'hour') await hourBench(app, token, pids, args);

    if (cases.length) console.log('\n== complete-upload -> processed, beside a bare ffmpeg decode of the same file ==');
    const widths = [44, 12, 14, 8];
    if (cases.length) console.log(row(['file', 'pipeline s', 'bare decode s', 'ratio'], widths));
    for (const c of cases) {
      const result = await upload(app.baseUrl, token, c.file, statSync(c.file).size);
      const decode = await bareDecodeSeconds(c.file);
      console.log(row([c.name, fmt(result.processSeconds, 2), fmt(decode, 2), fmt(result.processSeconds / decode, 3)], widths));
    }
    if (match) {
      // --lengths-only: the platform presets and several lengths row alone (the engine's other rows take long).
      if (args.includes('--lengths-only')) {
        const { video } = await upload(app.baseUrl, token, match.file, statSync(match.file).size);
        await platformsBench(app.baseUrl, token, video.id, match.file);
        return;
      }
      await engineBench(app.baseUrl, token, match);
      await platformsBench(app.baseUrl, token, (await upload(app.baseUrl, token, match.file, statSync(match.file).size)).video.id, match.file);
      // The worker's own split of each render: ffmpeg, and storing the reel.
      for (const log of app.logs.filter((l) => /reel .*: ffmpeg /.test(l))) console.log(`  worker: ${log.replace(/^.*(reel )/, '$1')}`);
    }
    console.log('');
  } catch (err) {
    console.error(`--- service logs ---\n${app.logs.slice(-25).join('\n')}`);
    throw err;
  } finally {
    await app.stack.stop();
    await Promise.all([stopNatsServer(nats), stopS3Server(s3)]);
    await dropTestDatabase(databaseUrl);
  }
}

const RENDER_RUNS = 5;

/** The highlight engine on a generated 10-minute match with planted moments. */
async function engineBench(baseUrl: string, token: string, match: ReturnType<typeof tenMinuteMatch>) {
  console.log(
    `\n== Highlight engine: ${fmt(match.duration / 60, 0)}-minute 1080p30 match, ${match.events.length} planted moments, ${match.cuts.length} hard cuts ==`,
  );
  const figures = await measureAnalysis(match);
  const { video } = await upload(baseUrl, token, match.file, statSync(match.file).size);
  const tracks = (await api(baseUrl, 'GET', '/api/music-tracks', { token })).json as Array<{ id: string; title: string; mood: string; bpm: number }>;
  const track = tracks.find((t) => t.mood === 'energetic') ?? tracks[0];
  console.log(`music: ${track.title} (${track.bpm} BPM)`);
  const requested = Date.now();
  const queued = await api(baseUrl, 'POST', `/api/videos/${video.id}/generate-highlights`, {
    token,
    body: { preset: 'sport', targetLength: 30, musicTrackId: track.id },
  });
  if (queued.status !== 202) throw new Error(`generate-highlights answered ${queued.status}: ${queued.text}`);
  const highlight = await untilReady(baseUrl, token, queued.json);
  const oneClick = (Date.now() - requested) / 1000;
  const { recall, precision } = momentScores(match, highlight.moments);
  const inOrder = highlight.moments.every((m: { start: number }, i: number, all: Array<{ end: number }>) => i === 0 || m.start >= all[i - 1].end);
  const plain = await plainEncodeSeconds(match.file, highlight.reel.duration, '/tmp/reelsmith-bench-plain.mp4');
  // Render and baseline five times each, interleaved (re-renders of the same moments and music):
  // single runs on a shared 2-core machine vary by a second or more.
  const renders = [highlight.timings.renderSeconds];
  const plains = [await plainEncodeOfMoments(match.file, highlight.moments, '/tmp/reelsmith-bench-plain-moments.mp4')];
  const moments = highlight.moments.map((m: { start: number; end: number }) => ({ start: m.start, end: m.end }));
  for (let i = 0; i < RENDER_RUNS - 1; i++) {
    const edit = await api(baseUrl, 'PUT', `/api/highlights/${highlight.id}/moments`, { token, body: { moments } });
    if (edit.status !== 202) throw new Error(`re-render answered ${edit.status}: ${edit.text}`);
    renders.push((await untilReady(baseUrl, token, edit.json)).timings.renderSeconds);
    plains.push(await plainEncodeOfMoments(match.file, highlight.moments, '/tmp/reelsmith-bench-plain-moments.mp4'));
  }
  const [render, plainMoments] = [median(renders), median(plains)];
  const widths = [72, 8, 10, 5];
  console.log(row(['measure', 'value', 'goal', 'met'], widths));
  const line = (what: string, value: number, goal: string, met: boolean, digits = 2) =>
    console.log(row([what, fmt(value, digits), goal, met ? 'yes' : 'NO'], widths));
  line('planted-moment recall (30 s reel)', recall, '', true);
  line('planted-moment precision (moments on a planted event)', precision, '', true);
  // The target is an upper bound: strong moments only, no padding (fill to length is an option).
  line(
    `reel length, s (at most the 30 s target, ${highlight.moments.length} strong moments, with music${inOrder ? ', story order' : ', NOT in story order'})`,
    highlight.reel.duration,
    '<= 30',
    highlight.reel.duration <= 30.5,
    1,
  );
  line('cut F1 (precision ' + fmt(figures.cutPrecision, 2) + ', recall ' + fmt(figures.cutRecall, 2) + ')', figures.cutF1, '', true);
  line(
    `analysis ${fmt(figures.analysisSeconds)} s / bare decode ${fmt(figures.decodeSeconds)} s`,
    figures.analysisSeconds / figures.decodeSeconds,
    '<= 1.00',
    figures.analysisSeconds <= figures.decodeSeconds,
  );
  line(
    `render ${fmt(render)} s / plain encode of its moments ${fmt(plainMoments)} s (medians of ${RENDER_RUNS})`,
    render / plainMoments,
    '<= 1.15',
    render <= plainMoments * 1.15,
  );
  console.log(`  runs: render ${renders.map((r) => fmt(r)).join(', ')} s; plain encode ${plains.map((p) => fmt(p)).join(', ')} s`);
  line(`render ${fmt(render)} s / plain encode of ${fmt(highlight.reel.duration)} s calm footage ${fmt(plain)} s`, render / plain, '(info)', true);
  line(
    `one click -> reel ready, s (quarter of the video = ${fmt(match.duration / 4, 0)} s)`,
    oneClick,
    `<= ${fmt(match.duration / 4, 0)}`,
    oneClick <= match.duration / 4,
    1,
  );
  console.log(
    `moments: ${highlight.moments.map((m: { start: number; end: number; reasons: string[] }) => `${fmt(m.start)}-${fmt(m.end)} (${m.reasons.join(', ')})`).join('; ')}`,
  );
  console.log(`planted: ${match.events.map((e) => `${e.start}-${e.end} ${e.kind}`).join('; ')}`);
}

async function untilReady(baseUrl: string, token: string, queued: { id: string; status: string }) {
  let highlight = queued as Record<string, any>;
  while (highlight.status !== 'ready' && highlight.status !== 'error') {
    await new Promise((r) => setTimeout(r, 500));
    highlight = (await api(baseUrl, 'GET', `/api/highlights/${highlight.id}`, { token })).json;
  }
  if (highlight.status !== 'ready') throw new Error(`highlights failed: ${highlight.errorReason}`);
  return highlight;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
