import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api } from '../test/system/api';
import { subscribe, waitForVideo } from '../test/system/videos';
import {
  ApiProber,
  eventCounts,
  FFMPEG_STEP,
  killWorkerDuring,
  mediaEvents,
  retryWhileUnavailable,
  settleHighlights,
  settleVideos,
  uploadWithRetries,
  withoutKeptAnalysis,
} from '../test/support/chaos';
import {
  type PrivatePostgres,
  type RefusingProxy,
  type RestartableNats,
  startPrivatePostgres,
  startRefusingProxy,
  startRestartableNats,
} from '../test/support/faults';
import { createTestDatabase, type S3Server, startS3Server, stopS3Server } from '../test/support/infra';
import { testMedia } from '../test/support/media';
import { warmMusicCache } from '../test/support/music-cache';
import { type RunningApp, startApp, uniqueUsername } from '../test/support/stack';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the set-up scripts are CommonJS without types
const setup = require('../scripts/lib/setup.cjs') as { build(): void; ensureMediaTools(): void };

/**
 * npm run chaos: the real processes against a PostgreSQL, NATS and S3 of their own, broken on purpose
 * (a worker SIGKILLed mid-analysis and mid-render, NATS and PostgreSQL restarted, S3 refusing
 * connections), one table row per scenario. Options: --runs=N (kills per worker scenario, default
 * 20), --burst=N (uploads in flight, default 10), --only=kill-analysis,kill-render,nats,postgres,s3 (any of them).
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const OUTAGE_SECONDS = 5;
const S3_OUTAGE_SECONDS = 10;
const RECOVERY_LIMIT_SECONDS = 10;
const SETTLE_MS = 10 * 60_000;

interface Row {
  scenario: string;
  runs: number;
  accepted: number;
  processed: number;
  errors: string[];
  lost: number;
  duplicates: number;
  /** What the API answered while the dependency was down, e.g. "503 x25". */
  whileDown: string;
  recoverySeconds: number | null;
  notes: string[];
  pass: boolean;
}

interface Context {
  app: RunningApp;
  token: string;
  nats: RestartableNats;
  pg: PrivatePostgres;
  s3: RefusingProxy;
}

export async function main(args: string[]): Promise<void> {
  const option = (name: string, fallback: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
  const runs = Number(option('runs', process.env.CHAOS_RUNS ?? '20'));
  const burst = Number(option('burst', '10'));
  const only = option('only', '');
  setup.ensureMediaTools();
  setup.build();
  warmMusicCache();
  testMedia('chaos-40s.mp4');
  testMedia('chaos-8s.webm');

  console.log('\nstarting a private PostgreSQL, NATS and S3 (behind a proxy that can refuse connections)...');
  const pg = await startPrivatePostgres();
  const nats = await startRestartableNats();
  let s3rver: S3Server | undefined;
  let app: RunningApp | undefined;
  const workDir = mkdtempSync(join(tmpdir(), 'reelsmith-chaos-work-'));
  const rows: Row[] = [];
  let logFile = '';
  try {
    s3rver = await startS3Server();
    const s3 = await startRefusingProxy(Number(new URL(s3rver.endpoint).port));
    process.env.PG_ADMIN_URL = pg.adminUrl;
    Object.assign(process.env, {
      NATS_URL: nats.url,
      DATABASE_URL: await createTestDatabase(),
      S3_ENDPOINT: s3.endpoint,
      JWT_SECRET: 'chaos-secret-that-is-long-enough-0123456789',
      MEDIA_URL_SECRET: 'chaos-media-url-secret-long-enough-0123456789',
    });
    // A machine shared with other work can take minutes to start seven processes. INFO too: the
    // kept log shows each recovery after the WARN of its fault.
    app = await startApp({ JOB_ACK_WAIT_SECONDS: '2', WORK_DIR: workDir, LOG_LEVEL: 'info' }, { readyTimeoutMs: 300_000 });
    const context: Context = { app, token: await register(app.baseUrl), nats, pg, s3 };
    const scenarios: Array<[string, () => Promise<Row>]> = [
      ['kill-analysis', () => killWorkerScenario(context, 'analysis', runs)],
      ['kill-render', () => killWorkerScenario(context, 'render', runs)],
      ['nats', () => natsDuringProcessing(context)],
      ['nats', () => natsDuringUploadBurst(context, burst)],
      ['postgres', () => postgresDuringProcessing(context)],
      ['s3', () => s3Refusing(context, burst)],
    ];
    for (const [name, scenario] of scenarios) {
      if (only && !only.split(',').includes(name)) continue;
      const row = await scenario();
      rows.push(row);
      console.log(`  ${row.pass ? 'pass' : 'FAIL'}: ${row.scenario}${row.notes.length ? ` (${row.notes.join('; ')})` : ''}`);
    }
  } catch (err) {
    if (app) console.error(`--- service logs ---\n${app.logs.slice(-40).join('\n')}`);
    throw err;
  } finally {
    await app?.stack.stop();
    await Promise.all([nats.destroy(), pg.destroy(), s3rver && stopS3Server(s3rver)]);
    rmSync(workDir, { recursive: true, force: true });
    if (app) logFile = keepLogs(app.logs);
  }
  printTable(rows);
  if (app) printLogLevels(app.logs, logFile);
  if (rows.some((r) => !r.pass)) throw new Error('a chaos scenario failed (see the table)');
}

/** A new user (retried while the freshly started, busy stack answers 503); its token. */
async function register(baseUrl: string): Promise<string> {
  // A new name each time: a timed-out attempt may have registered the last one.
  const res = await retryWhileUnavailable(
    () => api(baseUrl, 'POST', '/api/auth/register', { body: { username: uniqueUsername('chaos'), password: 'secret1' } }),
    [],
  );
  if (res.status !== 201) throw new Error(`register answered ${res.status}`);
  const token = res.json.token as string;
  await subscribe(baseUrl, token, 'pro');
  return token;
}

/** Row facts every scenario shares: the end state of its videos and the events about them. */
async function judge(
  context: Context,
  row: Omit<Row, 'processed' | 'errors' | 'lost' | 'duplicates' | 'pass'>,
  videoIds: string[],
  highlightIds: string[] = [],
): Promise<Row> {
  const { app, token } = context;
  const { byId } = await settleVideos(app.baseUrl, token, videoIds, SETTLE_MS);
  const highlights = await settleHighlights(app.baseUrl, token, highlightIds, SETTLE_MS);
  const subjects = highlightIds.length ? highlights : new Map(videoIds.map((id) => [id, byId.get(id) ?? {}]));
  const ok = highlightIds.length ? 'ready' : 'processed';
  const ended = [...subjects.values()];
  const errors = ended.filter((s) => s.status === 'error').map((s) => s.errorReason || '(no reason)');
  const lost = subjects.size - ended.filter((s) => s.status === ok || (s.status === 'error' && s.errorReason)).length + (highlightIds.length - highlights.size);

  const counts = eventCounts(await mediaEvents(context.nats.url), videoIds);
  let duplicates = [...counts.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  for (const id of videoIds) {
    const video = byId.get(id);
    if (video?.status === 'processed' && counts.get(`evt.media.video.processed ${id}`) !== 1)
      row.notes.push(`video ${id}: ${counts.get(`evt.media.video.processed ${id}`) ?? 0} processed events`);
  }
  for (const [id, h] of highlights) {
    if (h.status === 'ready' && counts.get(`evt.media.highlights.ready ${h.videoId} ${id}`) !== 1)
      row.notes.push(`highlight ${id}: ${counts.get(`evt.media.highlights.ready ${h.videoId} ${id}`) ?? 0} ready events`);
  }
  // One version per request: no highlight version twice, no reel without a request.
  for (const videoId of new Set([...highlights.values()].map((h) => h.videoId as string))) {
    const requested = requestedPerVideo.get(videoId) ?? 0;
    const versions = ((await api(app.baseUrl, 'GET', `/api/videos/${videoId}/highlights`, { token })).json as unknown as Array<{ version: number }>).map(
      (h) => h.version,
    );
    const extra = versions.length - requested + (versions.length - new Set(versions).size);
    if (extra > 0) {
      duplicates += extra;
      row.notes.push(`video ${videoId}: versions ${versions.join(',')} for ${requested} requests`);
    }
  }
  const recovered = row.recoverySeconds === null || row.recoverySeconds <= RECOVERY_LIMIT_SECONDS;
  const cleanWhileDown = !/(^|\s)(500|-1|0) x/.test(row.whileDown);
  const pass = lost === 0 && duplicates === 0 && recovered && cleanWhileDown && row.notes.every((n) => !/events|versions/.test(n));
  return { ...row, processed: ended.filter((s) => s.status === ok).length, errors, lost, duplicates, pass };
}

/** Videos uploaded one by one and processed, for the worker scenarios. */
async function processedVideos(context: Context, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { id, status } = await uploadWithRetries(context.app.baseUrl, context.token, 'chaos-40s.mp4', `chaos source ${i + 1}`, []);
    if (!id) throw new Error(`an upload before any fault answered ${status}`);
    ids.push(id);
  }
  for (const id of ids) await waitForVideo(context.app.baseUrl, context.token, id, (v) => v.status === 'processed' || v.status === 'error', 5 * 60_000);
  return ids;
}

let sources: string[] = [];
/** Highlight requests per video over every scenario: each must be exactly one version. */
const requestedPerVideo = new Map<string, number>();

/**
 * Scenarios 1 and 2: for each run, request a reel and SIGKILL the worker while its ffmpeg analyses
 * (its kept analysis removed, so the reel's job really analyses) or renders (a second reel of the same
 * videos: the kept analysis is reused, so the render comes quickly), start a new worker and wait
 * for the reel before the next run.
 */
async function killWorkerScenario(context: Context, step: 'analysis' | 'render', runs: number): Promise<Row> {
  const { app, token } = context;
  if (sources.length < runs) sources = sources.concat(await processedVideos(context, runs - sources.length));
  const videoIds = sources.slice(0, runs);
  const highlightIds: string[] = [];
  let killed = 0;
  for (const videoId of videoIds) {
    // The background analysis is done by now: the reel's own job analyses (and is killed doing it).
    if (step === 'analysis') await withoutKeptAnalysis(app.baseUrl, token, videoId);
    const queued = await api(app.baseUrl, 'POST', `/api/videos/${videoId}/generate-highlights`, {
      token,
      body: { preset: 'sport', targetLength: 15, quality: '480p' },
    });
    if (queued.status !== 202) throw new Error(`generate-highlights answered ${queued.status}: ${queued.text}`);
    highlightIds.push(queued.json.id);
    requestedPerVideo.set(videoId, (requestedPerVideo.get(videoId) ?? 0) + 1);
    if (await killWorkerDuring(app, FFMPEG_STEP[step], 120_000)) killed += 1;
    // Each kill must hit the job of its own request: a job killed three times has no attempt left.
    await settleHighlights(app.baseUrl, token, [queued.json.id], SETTLE_MS);
  }
  const notes = killed < runs ? [`${runs - killed} runs finished before the kill`] : [];
  return judge(
    context,
    {
      scenario: `SIGKILL worker mid-${step} x${runs}`,
      runs,
      accepted: runs,
      whileDown: '-',
      recoverySeconds: null,
      notes,
    },
    videoIds,
    highlightIds,
  );
}

/** Takes a dependency away while `during` goes on, probing the API; the row's outage facts. */
async function outage(context: Context, seconds: number, down: () => Promise<void>, up: () => Promise<void>) {
  const prober = new ApiProber(context.app.baseUrl, context.token);
  await sleep(600);
  const downAt = Date.now();
  await down();
  await sleep(seconds * 1000);
  const upAt = Date.now();
  await up();
  await sleep((RECOVERY_LIMIT_SECONDS + 2) * 1000);
  await prober.stop();
  // Requests answered while the dependency was down (the first second after the stop is the kill itself).
  const statuses = prober.statusesBetween(downAt, upAt);
  const whileDown =
    Object.entries(statuses)
      .map(([status, n]) => `${status} x${n}`)
      .join(' ') || '-';
  return { whileDown, recoverySeconds: Math.round(prober.longestOutageAfter(upAt) * 10) / 10 };
}

async function uploadBatch(context: Context, count: number, file: 'chaos-8s.webm' | 'chaos-40s.mp4', label: string) {
  const answers: number[] = [];
  const results = await Promise.all(
    Array.from({ length: count }, (_, i) => uploadWithRetries(context.app.baseUrl, context.token, file, `${label} ${i + 1}`, answers)),
  );
  const ids = results.filter((r) => r.status === 200).map((r) => r.id);
  const refused = results.filter((r) => r.status !== 200).map((r) => r.status);
  const notes = [
    ...(refused.length ? [`${refused.length} uploads refused: ${refused.join(',')}`] : []),
    ...(answers.some((a) => a !== 200) ? [`upload answers ${summarise(answers)}`] : []),
  ];
  return { ids, notes, bad: answers.filter((a) => a >= 500 && a !== 503).length };
}

const summarise = (values: number[]) =>
  Object.entries(values.reduce<Record<number, number>>((c, v) => ({ ...c, [v]: (c[v] ?? 0) + 1 }), {}))
    .map(([v, n]) => `${v} x${n}`)
    .join(' ');

/** Waits until at least one of the videos is being processed. */
async function untilProcessing(context: Context, ids: string[]) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { json } = await api(context.app.baseUrl, 'GET', '/api/videos', { token: context.token });
    const videos = Array.isArray(json) ? (json as Array<{ id: string; status: string }>) : [];
    if (videos.some((v) => ids.includes(v.id) && v.status === 'processing')) return;
    await sleep(100);
  }
}

/** Scenario 3a: NATS restarts (down for a few seconds) while videos are being processed. */
async function natsDuringProcessing(context: Context): Promise<Row> {
  const uploads = await uploadBatch(context, 6, 'chaos-8s.webm', 'nats processing');
  await untilProcessing(context, uploads.ids);
  const facts = await outage(
    context,
    OUTAGE_SECONDS,
    () => context.nats.stop('SIGTERM'),
    () => context.nats.start(),
  );
  return judge(
    context,
    { scenario: `NATS restart (${OUTAGE_SECONDS} s) during processing`, runs: 1, accepted: uploads.ids.length, notes: uploads.notes, ...facts },
    uploads.ids,
  );
}

/** Scenario 3b: NATS restarts while a burst of uploads is in flight (each client retries on 503). */
async function natsDuringUploadBurst(context: Context, burst: number): Promise<Row> {
  const prober = new ApiProber(context.app.baseUrl, context.token);
  const uploading = uploadBatch(context, burst, 'chaos-8s.webm', 'nats burst');
  await sleep(300);
  const downAt = Date.now();
  await context.nats.stop('SIGTERM');
  await sleep(OUTAGE_SECONDS * 1000);
  const upAt = Date.now();
  await context.nats.start();
  const uploads = await uploading;
  await sleep((RECOVERY_LIMIT_SECONDS + 2) * 1000);
  await prober.stop();
  const whileDown = Object.entries(prober.statusesBetween(downAt, upAt))
    .map(([s, n]) => `${s} x${n}`)
    .join(' ');
  const row = await judge(
    context,
    {
      scenario: `NATS restart (${OUTAGE_SECONDS} s) during ${burst} uploads`,
      runs: 1,
      accepted: uploads.ids.length,
      notes: uploads.notes,
      whileDown,
      recoverySeconds: Math.round(prober.longestOutageAfter(upAt) * 10) / 10,
    },
    uploads.ids,
  );
  return withStrayCheck(context, row, 'nats burst', uploads.ids, uploads.bad);
}

/** Scenario 4: PostgreSQL restarts (down for a few seconds) while videos are being processed. */
async function postgresDuringProcessing(context: Context): Promise<Row> {
  const uploads = await uploadBatch(context, 6, 'chaos-8s.webm', 'postgres processing');
  await untilProcessing(context, uploads.ids);
  const facts = await outage(
    context,
    OUTAGE_SECONDS,
    () => context.pg.stop(),
    () => context.pg.start(),
  );
  return judge(
    context,
    { scenario: `PostgreSQL restart (${OUTAGE_SECONDS} s) during processing`, runs: 1, accepted: uploads.ids.length, notes: uploads.notes, ...facts },
    uploads.ids,
  );
}

/** Scenario 5: S3 refuses connections for 10 s while uploads and processing go on; media reads through the gateway must answer 503. */
async function s3Refusing(context: Context, burst: number): Promise<Row> {
  const { app, token } = context;
  const first = await uploadBatch(context, 3, 'chaos-8s.webm', 's3 processing');
  await untilProcessing(context, first.ids);
  const thumbnailOf = async () => {
    const done = await waitForVideo(app.baseUrl, token, first.ids[0], (v) => v.status === 'processed' || v.status === 'error', 120_000);
    return done.thumbnail as string;
  };
  const uploading = uploadBatch(context, burst, 'chaos-8s.webm', 's3 burst');
  await sleep(300);
  const mediaPath = await thumbnailOf().catch(() => '');
  const prober = new ApiProber(app.baseUrl, token, mediaPath || '/api/videos');
  await sleep(600);
  const downAt = Date.now();
  await context.s3.refuse();
  await sleep(S3_OUTAGE_SECONDS * 1000);
  const upAt = Date.now();
  await context.s3.accept();
  const second = await uploading;
  await sleep((RECOVERY_LIMIT_SECONDS + 2) * 1000);
  await prober.stop();
  const whileDown = Object.entries(prober.statusesBetween(downAt, upAt))
    .map(([s, n]) => `${s} x${n}`)
    .join(' ');
  const ids = [...first.ids, ...second.ids];
  const row = await judge(
    context,
    {
      scenario: `S3 refusing (${S3_OUTAGE_SECONDS} s) during uploads+processing`,
      runs: 1,
      accepted: ids.length,
      notes: [...first.notes, ...second.notes, `probed ${mediaPath ? 'a thumbnail' : '/api/videos'}`],
      whileDown,
      recoverySeconds: Math.round(prober.longestOutageAfter(upAt) * 10) / 10,
    },
    ids,
  );
  return withStrayCheck(context, row, 's3 burst', second.ids, second.bad);
}

/** Uploads the clients gave up on must not have left a video behind, and no answer was a 500. */
async function withStrayCheck(context: Context, row: Row, label: string, accepted: string[], badAnswers: number): Promise<Row> {
  const { json } = await retryWhileUnavailable(() => api(context.app.baseUrl, 'GET', '/api/videos', { token: context.token }), []);
  const videos = (Array.isArray(json) ? (json as Array<{ id: string; title: string; status: string }>) : []).filter((v) => v.title.startsWith(`${label} `));
  const strays = videos.filter((v) => !accepted.includes(v.id));
  const titles = new Set(videos.map((v) => v.title));
  const notes = [...row.notes];
  if (strays.length) notes.push(`${strays.length} videos of refused uploads left: ${strays.map((v) => v.status).join(',')}`);
  if (titles.size !== videos.length) notes.push(`${videos.length - titles.size} uploads stored twice`);
  if (badAnswers) notes.push(`${badAnswers} upload answers were 5xx other than 503`);
  const duplicates = row.duplicates + videos.length - titles.size;
  return {
    ...row,
    notes,
    duplicates,
    lost: row.lost + strays.filter((v) => !['processed', 'error'].includes(v.status)).length,
    pass: row.pass && !strays.length && !badAnswers && duplicates === 0,
  };
}

function printTable(rows: Row[]) {
  const header = ['scenario', 'runs', 'accepted', 'processed', 'error (reason)', 'lost', 'dupl.', 'API while down', 'recovery s', 'result'];
  const cells = rows.map((r) => [
    r.scenario,
    String(r.runs),
    String(r.accepted),
    String(r.processed),
    r.errors.length ? `${r.errors.length}: ${[...new Set(r.errors)].join(' | ').slice(0, 60)}` : '0',
    String(r.lost),
    String(r.duplicates),
    r.whileDown,
    r.recoverySeconds === null ? '-' : r.recoverySeconds.toFixed(1),
    r.pass ? 'pass' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((v, i) => (i === 0 || i === 4 || i === 7 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ');
  console.log(`\n== Chaos: faults survived (recovery: longest stretch without a 200 once the dependency was back; limit ${RECOVERY_LIMIT_SECONDS} s) ==`);
  console.log(line(header));
  for (const c of cells) console.log(line(c));
  for (const r of rows) if (r.notes.length) console.log(`  ${r.scenario}: ${r.notes.join('; ')}`);
}

/** Every service log line of the run, in .data/chaos/ (the run's own files are gone); its path. */
function keepLogs(logs: string[]): string {
  const dir = join(__dirname, '..', '.data', 'chaos');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `service-logs-${new Date().toISOString().replace(/[:.]/g, '-')}.log`);
  writeFileSync(file, logs.join('\n') + '\n');
  console.log(`\nservice logs: ${file}`);
  return file;
}

/** "worker | 12:00:01 ERROR message": the service and the level of a log entry (not of "worker | exited (SIGKILL)"). */
const LOG_ENTRY = /^(\S+) \| \S* (TRACE|DEBUG|INFO|WARN|ERROR|FATAL)\s+(.*)/;

/**
 * The lines at ERROR or worse per service, and each distinct one (ids and numbers masked) with its
 * count: a fault the stack survives is a WARN (its recovery an INFO), so every ERROR here is one a
 * person must look at.
 */
function printLogLevels(logs: string[], file: string) {
  const perService = new Map<string, { lines: number; errors: number }>();
  const messages = new Map<string, number>();
  for (const line of logs) {
    const entry = LOG_ENTRY.exec(line);
    if (!entry) continue;
    const [, service, level, message] = entry;
    const counts = perService.get(service) ?? { lines: 0, errors: 0 };
    counts.lines += 1;
    if (level === 'ERROR' || level === 'FATAL') {
      counts.errors += 1;
      const text = `${service} ${level} ${message.split('\n')[0]}`
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
        .replace(/\d+(\.\d+)?/g, 'N')
        .slice(0, 220);
      messages.set(text, (messages.get(text) ?? 0) + 1);
    }
    perService.set(service, counts);
  }
  const total = [...perService.values()].reduce((sum, c) => sum + c.errors, 0);
  console.log(`\n== Service logs: ${logs.length} lines, kept in ${file} ==`);
  console.log(
    `ERROR or worse per service: ${[...perService]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([service, c]) => `${service} ${c.errors}`)
      .join(', ')}; total ${total}`,
  );
  for (const [text, n] of [...messages].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(4)} x ${text}`);
}
