import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { type Analysis, ANALYSIS_VERSION, levelOf } from '../services/media/src/analysis/analysis';
import { cropPath } from '../services/media/src/analysis/crop-path';
import { planReel, type ReelPlan } from '../services/media/src/analysis/reel-plan';
import type { Preset } from '../services/media/src/analysis/scoring';
import { CROSSFADE_SECONDS } from '../services/media/src/analysis/selection';
import { qualityFor, type ReelAspect, reelLength, type RenderSpec } from '../services/media/src/ffmpeg/args';
import { validMoments } from '../services/media/src/ffmpeg/render-plan';
import { MediaRepository } from '../services/media/src/ffmpeg/media.repository';
import { Analyser } from '../services/media/src/analysis/analyser';
import type { MediaFacts } from '../services/media/src/ffmpeg/probe';
import { CATALOGUE } from '../services/music/src/catalogue/catalogue';
import { TrackCache } from '../services/music/src/catalogue/track-cache';
import { MusicGenerator } from '../services/music/src/synth/generator';
import { SynthRepository } from '../services/music/src/synth/synth.repository';
import { createRandom } from '../services/kit/src/random';
import { DEFAULT_MEDIA_DEV, frameTimes, parseCsv } from './real';

/**
 * The highlight engine's moments on real footage (../shared/media-dev, or --media-dev=<dir> /
 * MEDIA_DEV_DIR; skipped when absent, never needed by the tests): the clips are joined at run time
 * the way a creator's edit would be (1280x720 letter/pillarboxed, 30 fps, H.264 + AAC stereo 48 kHz,
 * hard cuts) in three orders, and every clip is also run alone (its own file). Each input is analysed
 * as the worker analyses (Analyser.analyze), planned with planReel (auto and sport on the joins,
 * auto on single clips, with and without a real catalogue track's beats) and rendered with real ffmpeg
 * as the worker's renderReel does. Scored against events.csv (hand-annotated events) and the bad-frame
 * spans annotated below from clips.csv's notes.
 *
 *   --no-render     analysis and selection only (the fast loop while tuning)
 *   --clip=<name>   one input: audit | reversed | shuffled | a clip's file name (or its name without extension)
 *   --fresh         analyse again instead of using the cached analyses
 *   --keep=<dir>    keep the rendered reels in <dir> (input-plan-aspect.mp4)
 *
 * Joined files, the music track, clip facts and analyses are cached in os.tmpdir()/reelsmith-moments-cache
 * (keyed by the inputs; analyses also by ANALYSIS_VERSION and the analyser's source files), renders go to
 * a temporary directory removed at the end.
 */

const run = promisify(execFile);

/** Bump when the way joins or cached facts are made changes. */
const CACHE_VERSION = 'v1';
const CACHE = join(tmpdir(), 'reelsmith-moments-cache', CACHE_VERSION);

const DOG = '01_dog.mp4';
const TEARS = 'clip_01_tears_of_steel.mp4';
const HAMILTON = 'short_hamilton_clip.mp4';
const PLANE = 'video_with_failing_audio.mp4';
const COURT = 'test_video_structuralize.mp4';
const PANCAKE = 'flipping_a_pancake.mkv';
const APPLAUSE = 'applausing.mp4';
const DEMO = 'demo.mp4';
const DRUMS = 'sample_demo_22.mp4';
const CAKE = 'making_cake.mp4';

/** The audit's order (about 1:57 joined). */
const AUDIT_ORDER = [DOG, TEARS, HAMILTON, PLANE, COURT, PANCAKE, APPLAUSE, DEMO, DRUMS];
const SINGLES = [...AUDIT_ORDER, CAKE];
const SHUFFLE_SEED = 22;

/** The music bed: an energetic catalogue track, synthesised once by the music service's own generator. */
const MUSIC_TITLE = 'Skyline Sprint';

const TARGET = 30;
const JOIN = { width: 1280, height: 720, fps: 30, sampleRate: 48000 } as const;

interface Span {
  start: number;
  end: number;
}

/**
 * Bad-frame spans, in each clip's own timeline (ffmpeg command-line time, as events.csv), by frame
 * number (decode order, converted to seconds with the frames' real presentation times) or in seconds.
 * Each was checked by extracting frames and looking at them. `bad: false` spans are listed for the
 * record and not counted.
 */
const BAD_SPANS: Array<{ clip: string; frames?: [number, number]; seconds?: [number, number]; bad: boolean; what: string }> = [
  // Smeared, frozen garbage (vertical streaks) from 229; clean picture again at 268: corrupt, bad.
  { clip: DEMO, frames: [229, 267], bad: true, what: 'codec corruption' },
  // The camera swings off the arm wrestlers with heavy motion blur (190-205 smeared): whip pan, bad.
  { clip: DEMO, frames: [186, 209], bad: true, what: 'whip pan' },
  // A hand reaches at the camera from 265 and fills the frame, out of focus, to the last frame (309): lens covered, bad.
  { clip: PANCAKE, frames: [265, 309], bad: true, what: 'hand covers the lens' },
  // making_cake is 30 fps with regular timestamps (frame n at n/30 s); about 1 frame in 5 repeats the one before.
  // 66-69 the face slides out as the camera tilts up, 70-84 the ceiling lamp and fan, lamps clipped white, streaked: blown out, bad.
  { clip: CAKE, frames: [66, 84], bad: true, what: 'swing into the ceiling light, blown out' },
  // 84-99 smeared brown/white blur down to the mixer (sharp again from 100): whip pan, bad.
  { clip: CAKE, frames: [84, 99], bad: true, what: 'whip pan down to the mixer' },
  // 196-206 smeared pan off the mixer, 208-210 a dark, blurred kitchen settling: whip pan, bad.
  { clip: CAKE, frames: [196, 210], bad: true, what: 'whip pan to the dark kitchen' },
  // 270-280 mild blur as the pan starts, 282-292 heavily blurred gym, sharp again at 295-299: whip pan, bad.
  { clip: COURT, frames: [270, 299], bad: true, what: 'whip pan' },
  // 32.8-33.8 s the camera drops to the carpet and drum stands, drummer out of frame and blurred, back at 34.2: bad.
  { clip: DRUMS, seconds: [32.8, 34.2], bad: true, what: 'swing down to the floor' },
  // A fade-out of a freeze frame (average luma 172.6 at 180 to 17.8 at 279). Until frame 234 the picture is
  // dimmed but plainly visible (luma above half of the original): not bad. From 235 (luma 86 and falling to
  // near-black) it is a black screen rather than a picture: bad.
  { clip: PLANE, frames: [181, 234], bad: false, what: 'fade-out, first half (dimmed freeze frame)' },
  { clip: PLANE, frames: [235, 279], bad: true, what: 'fade-out to near-black' },
  // Not annotated as bad (looked at): short_hamilton_clip's pan to the audience (frames 40-81) is a moderate,
  // readable blur; clip_01_tears_of_steel's hologram flicker and VFX morph are the film's content.
];

/** Events longer than the longest moment the selector makes (10 s) or spanning the whole clip. */
const MAX_MOMENT = 10;

interface ClipEvent {
  clip: string;
  start: number;
  end: number;
  label: string;
  background: boolean;
}

interface ClipFacts {
  file: string;
  facts: MediaFacts;
  videoStart: number;
  frameTimes: number[];
  frameDuration: number;
  frames: number;
}

/** Where a clip lies in an input: input time = clip time + shift, inside [from, to]. */
interface Placement {
  clip: string;
  from: number;
  to: number;
  shift: number;
}

interface Input {
  name: string;
  file: string;
  joined: boolean;
  placements: Placement[];
}

interface Plan {
  preset: Preset;
  music: boolean;
}

interface RenderResult {
  aspect: ReelAspect;
  music: boolean;
  ok: boolean;
  seconds: number;
  duration?: number;
  error?: string;
  madeRenderable?: Span[];
}

interface Row {
  input: Input;
  plan: Plan;
  result: ReelPlan;
  events: Array<ClipEvent & Span & { hit: boolean }>;
  noEvent: number;
  badSeconds: number;
  reel: number;
  renders: RenderResult[];
  analysisNote: string;
  details: string[];
}

const fmt = (n: number, digits = 2) => n.toFixed(digits);
const row = (cells: string[], widths: number[]) =>
  cells
    .map((c, i) => (i === 0 || i === widths.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
    .join('  ')
    .trimEnd();
const overlap = (a: Span, b: Span) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
const fileKey = (file: string) => {
  const s = statSync(file);
  return { file: resolve(file), size: s.size, mtime: s.mtimeMs };
};
const shortLabel = (label: string) => label.replace(/\s*\(.*$/, '');

/** Writes through a temporary name, so a cache never holds half a file. */
function writeAtomic(file: string, content: string) {
  writeFileSync(`${file}.${process.pid}.tmp`, content);
  renameSync(`${file}.${process.pid}.tmp`, file);
}

/** A fixed shuffle, so the "shuffled" join is the same on every run. */
function shuffled<T>(items: T[], seed: number): T[] {
  const random = createRandom(seed).next;
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Probe facts (probed on every run: cheap, and the probe's fields change with the engine) and every frame's time (ffmpeg command-line timeline, cached) of a clip. */
async function clipFacts(media: MediaRepository, file: string): Promise<ClipFacts> {
  const facts = await media.probe(file);
  const cached = join(CACHE, `frames-${hash(fileKey(file))}.json`);
  const times = existsSync(cached) ? (JSON.parse(readFileSync(cached, 'utf8')) as number[]) : await frameTimes(file);
  if (!existsSync(cached)) writeAtomic(cached, JSON.stringify(times));
  const steps = times
    .slice(1)
    .map((t, i) => t - times[i])
    .sort((x, y) => x - y);
  const frameDuration = steps[Math.floor(steps.length / 2)];
  const span = times[times.length - 1] - times[0] + frameDuration;
  return { file, facts, videoStart: times[0], frameTimes: times, frameDuration, frames: Math.round(span * JOIN.fps) };
}

/**
 * One ffmpeg run joining the clips with hard cuts: each part starts exactly at its offset (its first
 * video frame at the part's 0: the clip's own video start is taken off both streams, sound before it
 * dropped), lasts a whole number of 30 fps frames, pictures made square-pixelled and fitted into
 * 1280x720 (portrait pillarboxed), sound resampled to 48 kHz stereo or silence (anullsrc) without.
 */
function joinArgs(parts: ClipFacts[], output: string): string[] {
  const { width, height, fps, sampleRate } = JOIN;
  const samplesPerFrame = sampleRate / fps;
  const chains = parts.flatMap((p, i) => {
    const video =
      `[${i}:v:0]setpts=PTS-STARTPTS,fps=${fps},scale='trunc(iw*sar/2)*2':ih,setsar=1,` +
      `scale=${width}:${height}:force_original_aspect_ratio=decrease:force_divisible_by=2,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,format=yuv420p,` +
      `tpad=stop_mode=clone:stop_duration=1,trim=end_frame=${p.frames},setpts=PTS-STARTPTS[v${i}]`;
    const audio = p.facts.hasAudio
      ? `[${i}:a:0]asetpts=PTS-${p.videoStart.toFixed(6)}/TB,atrim=start=0,aresample=${sampleRate}:first_pts=0,aformat=sample_fmts=fltp:channel_layouts=stereo,apad,atrim=end_sample=${p.frames * samplesPerFrame},asetpts=N/SR/TB[a${i}]`
      : `anullsrc=r=${sampleRate}:cl=stereo,atrim=end_sample=${p.frames * samplesPerFrame},aformat=sample_fmts=fltp[a${i}]`;
    return [video, audio];
  });
  const concat = `${parts.map((_, i) => `[v${i}][a${i}]`).join('')}concat=n=${parts.length}:v=1:a=1[v][a]`;
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    ...parts.flatMap((p) => ['-i', p.file]),
    '-filter_complex',
    [...chains, concat].join(';'),
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '20',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-ar',
    String(sampleRate),
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    output,
  ];
}

async function joinedInput(name: string, order: string[], facts: Map<string, ClipFacts>): Promise<Input & { cached: boolean; seconds: number }> {
  const parts = order.map((clip) => facts.get(clip)!);
  const probeArgsKey = joinArgs(parts, 'out.mp4');
  const file = join(CACHE, `join-${name}-${hash({ args: probeArgsKey, inputs: parts.map((p) => fileKey(p.file)) })}.mp4`);
  const started = Date.now();
  const cached = existsSync(file);
  if (!cached) {
    const temp = `${file}.${process.pid}.tmp.mp4`;
    try {
      await run('ffmpeg', joinArgs(parts, temp), { maxBuffer: 64 * 1024 * 1024 });
      renameSync(temp, file);
    } finally {
      rmSync(temp, { force: true });
    }
  }
  let offset = 0;
  const placements = parts.map((p, i) => {
    const length = p.frames / JOIN.fps;
    const placement = { clip: order[i], from: offset, to: offset + length, shift: offset - p.videoStart };
    offset += length;
    return placement;
  });
  return { name, file, joined: true, placements, cached, seconds: (Date.now() - started) / 1000 };
}

function singleInput(clip: string, facts: ClipFacts): Input {
  // The clip's own file: its moments are in its ffmpeg command-line timeline, as the annotations.
  const end = Math.max(facts.facts.duration, facts.videoStart + facts.frameTimes.length * facts.frameDuration);
  return { name: clip, file: facts.file, joined: false, placements: [{ clip, from: 0, to: end, shift: 0 }] };
}

/**
 * The analyser's code: analysis/analyser.ts and every module it imports, transitively (the media
 * repository's ffmpeg I/O included; not scoring or selection, which run after it). A change in any
 * of them makes cached analyses stale.
 */
function analyserHash(): string {
  const h = createHash('sha256');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    h.update(file).update(text);
    for (const m of text.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)) visit(`${resolve(dirname(file), m[1])}.ts`);
  };
  visit(join(__dirname, '..', 'services', 'media', 'src', 'analysis', 'analyser.ts'));
  return h.digest('hex').slice(0, 16);
}

async function analysisOf(
  engine: Analyser,
  file: string,
  facts: MediaFacts,
  fresh: boolean,
  analyser: string,
): Promise<{ analysis: Analysis; note: string; seconds: number }> {
  const cached = join(CACHE, `analysis-${hash({ ...fileKey(file), version: ANALYSIS_VERSION, analyser })}.json`);
  if (!fresh && existsSync(cached)) {
    const analysis = JSON.parse(readFileSync(cached, 'utf8')) as Analysis;
    if (analysis.version === ANALYSIS_VERSION) return { analysis, note: 'cached', seconds: 0 };
  }
  const started = process.hrtime.bigint();
  // As the worker: hasAudio from the processing probe, its duration and size (no second probe).
  const analysis = await engine.analyze(file, { hasAudio: facts.hasAudio, durationSeconds: facts.duration, size: facts });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  writeAtomic(cached, JSON.stringify(analysis));
  return { analysis, note: `${fmt(seconds, 1)} s`, seconds };
}

/** The catalogue track rendered by the music service's generator (kept in its TrackCache layout), with its beats and loudness. */
async function musicBed(work: string): Promise<{ file: string; loudness: number; beats: number[]; title: string; bpm: number; cached: boolean }> {
  const track = CATALOGUE.find((t) => t.title === MUSIC_TITLE) ?? CATALOGUE.find((t) => t.mood === 'energetic')!;
  const generator = new MusicGenerator(new SynthRepository({ ffmpeg: 'ffmpeg' }));
  const planned = generator.plan(track);
  const cache = new TrackCache(join(CACHE, 'music'));
  let stored = await cache.get(track.filename, planned.hash);
  const cached = Boolean(stored);
  if (!stored) {
    const path = join(work, track.filename);
    const rendered = await generator.render(planned, path);
    await cache.put(track.filename, planned.hash, path, rendered);
    stored = (await cache.get(track.filename, planned.hash)) ?? { path, ...rendered };
  }
  return { file: stored.path, loudness: stored.loudness, beats: planned.score.beats, title: track.title, bpm: track.bpm, cached };
}

/**
 * The worker's renderReel (services/media/src/worker/reels.service.ts), its spec built the same way:
 * the source probed, the moments made renderable for the probed video length (validMoments, as the
 * worker's keepValidMoments), each moment's 9:16 crop path, the probed picture size, pixel shape and
 * video length, the chosen quality (1080p, the default) never above the source, mp4, the crossfade,
 * the music bed and its loudness, the moments' level; then MediaRepository.render. Mirrored here: the
 * worker builds the spec inside a private method that needs its repositories and storage.
 * Returns the moments the reel shows when they differ from the plan's.
 */
async function renderReel(
  media: MediaRepository,
  input: Input,
  analysis: Analysis,
  result: ReelPlan,
  aspect: ReelAspect,
  music: { file: string; loudness: number } | undefined,
  output: string,
  facts: MediaFacts,
): Promise<Span[] | undefined> {
  const probed = await media.probe(input.file);
  const valid = validMoments(result.moments, probed.videoDuration);
  const moments = valid.map((m) => ({ start: m.start, end: m.end, crop: cropPath(analysis, m) }));
  const spec: RenderSpec = {
    source: input.file,
    sourceSize: { width: probed.width, height: probed.height, sampleAspect: probed.sampleAspect },
    sourceDuration: probed.videoDuration,
    hasAudio: facts.hasAudio,
    moments,
    quality: qualityFor('1080p', aspect, probed),
    format: 'mp4',
    aspect,
    crossfade: CROSSFADE_SECONDS,
    music: music ? { source: music.file, loudness: music.loudness } : undefined,
    sourceLevel: levelOf(analysis, moments),
    output,
  };
  await media.render(spec, { durationSeconds: reelLength(spec) });
  const same = valid.length === result.moments.length && valid.every((m, i) => m.start === result.moments[i].start && m.end === result.moments[i].end);
  return same ? undefined : valid;
}

function eventsIn(input: Input, events: ClipEvent[]): Array<ClipEvent & Span> {
  return input.placements.flatMap((p) =>
    events
      .filter((e) => e.clip === p.clip)
      .map((e) => ({
        ...e,
        start: Math.max(p.from, e.start + p.shift),
        end: Math.min(p.to, e.end + p.shift),
      })),
  );
}

function badSpansIn(input: Input, facts: Map<string, ClipFacts>): Array<Span & { clip: string; what: string }> {
  return input.placements.flatMap((p) =>
    BAD_SPANS.filter((b) => b.bad && b.clip === p.clip).map((b) => {
      const f = facts.get(b.clip)!;
      const [start, end] = b.frames ? [f.frameTimes[b.frames[0]], f.frameTimes[b.frames[1]] + f.frameDuration] : b.seconds!;
      return { clip: b.clip, what: b.what, start: Math.max(p.from, start + p.shift), end: Math.min(p.to, end + p.shift) };
    }),
  );
}

/** Which clips (and where in them) a stretch of an input shows. */
function whereIn(input: Input, span: Span): string {
  return input.placements
    .filter((p) => overlap({ start: p.from, end: p.to }, span) > 0.01 || (span.start >= p.from && span.start < p.to && span.end - span.start <= 0.01))
    .map((p) => `${p.clip} ${fmt(Math.max(p.from, span.start) - p.shift)}-${fmt(Math.min(p.to, span.end) - p.shift)}`)
    .join(' + ');
}

/**
 * Event recall: an event is hit when moments cover at least half of its span. Background events are
 * hit when any moment overlaps them: those longer than the longest moment (10 s) or spanning their
 * whole clip (applause for the whole of applausing.mp4, the drumming throughout sample_demo_22.mp4 and
 * its louder cymbal section from 12.45 s to the end): no moment can hold half of them, and any second
 * of them shows the event.
 */
function score(input: Input, result: ReelPlan, events: ClipEvent[], bad: Span[]) {
  const moments = result.moments;
  const inInput = eventsIn(input, events).map((e) => {
    const covered = moments.reduce((sum, m) => sum + overlap(m, e), 0);
    const hit = e.background ? moments.some((m) => overlap(m, e) > 0) : covered >= 0.5 * (e.end - e.start) - 1e-6;
    return { ...e, hit };
  });
  const noEvent = moments.filter((m) => !inInput.some((e) => overlap(m, e) > 0)).length;
  const badSeconds = moments.reduce((sum, m) => sum + bad.reduce((s, b) => s + overlap(m, b), 0), 0);
  return { events: inInput, noEvent, badSeconds, reel: reelLength({ moments, crossfade: CROSSFADE_SECONDS }) };
}

async function durationOf(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

const planName = (p: Plan) => `${p.preset}${p.music ? '+music' : ''}`;

export async function momentsBench(args: string[]): Promise<void> {
  const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const dir = resolve(option('media-dev') ?? process.env.MEDIA_DEV_DIR ?? DEFAULT_MEDIA_DEV);
  if (!existsSync(join(dir, 'events.csv'))) {
    console.log(`\n== Moments on real footage: skipped, no clips at ${dir} (set MEDIA_DEV_DIR or --media-dev=<dir>) ==`);
    return;
  }
  const missing = SINGLES.filter((c) => !existsSync(join(dir, c)));
  if (missing.length) {
    console.log(`\n== Moments on real footage: skipped, ${dir} lacks ${missing.join(', ')} ==`);
    return;
  }
  const rendering = !args.includes('--no-render');
  const fresh = args.includes('--fresh');
  const only = option('clip');
  const keep = option('keep');
  if (keep) mkdirSync(keep, { recursive: true });
  const started = Date.now();
  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'reelsmith-moments-'));
  try {
    const media = new MediaRepository({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
    const events: ClipEvent[] = parseCsv(readFileSync(join(dir, 'events.csv'), 'utf8')).map((r) => ({
      clip: r.file,
      start: Number(r.start_s),
      end: Number(r.end_s),
      label: r.label,
      background: false,
    }));
    const facts = new Map<string, ClipFacts>();
    for (const clip of SINGLES) facts.set(clip, await clipFacts(media, join(dir, clip)));
    for (const e of events) {
      const f = facts.get(e.clip);
      const clipLength = f ? f.facts.duration : Infinity;
      e.background = e.end - e.start > MAX_MOMENT || (e.start <= 0.1 && e.end >= clipLength - 0.1);
    }

    const reversed = [...AUDIT_ORDER].reverse();
    let mixed = shuffled(AUDIT_ORDER, SHUFFLE_SEED);
    for (let seed = SHUFFLE_SEED + 1; [AUDIT_ORDER, reversed].some((o) => o.join() === mixed.join()); seed++) mixed = shuffled(AUDIT_ORDER, seed);
    const joins: Array<[string, string[]]> = [
      ['audit', AUDIT_ORDER],
      ['reversed', reversed],
      ['shuffled', mixed],
    ];
    const wanted = (name: string) => !only || only === name || only === basename(name, extname(name));
    const selectedJoins = joins.filter(([name]) => wanted(name));
    const selectedSingles = SINGLES.filter(wanted);
    if (selectedJoins.length + selectedSingles.length === 0)
      throw new Error(`--clip=${only}: no such input (audit, reversed, shuffled or one of ${SINGLES.join(', ')})`);

    console.log(`\n== Moments on real footage: ${dir}; ${rendering ? 'with renders' : 'no renders (--no-render)'}; cache ${CACHE} ==`);
    const music = await musicBed(work);
    console.log(
      `music: ${music.title} (${music.bpm} BPM, ${music.beats.length} beats, ${fmt(music.loudness, 1)} LUFS)${music.cached ? ', cached' : ', synthesised'}`,
    );
    const inputs: Input[] = [];
    for (const [name, order] of selectedJoins) {
      const joined = await joinedInput(name, order, facts);
      console.log(
        `join ${name} (${fmt(joined.placements.at(-1)!.to, 1)} s${joined.cached ? ', cached' : `, made in ${fmt(joined.seconds, 1)} s`}): ${joined.placements.map((p) => `${p.clip}@${fmt(p.from)}`).join(' ')}`,
      );
      inputs.push(joined);
    }
    for (const clip of selectedSingles) inputs.push(singleInput(clip, facts.get(clip)!));

    console.log('bad-frame spans (clip time, s):');
    for (const b of BAD_SPANS) {
      const f = facts.get(b.clip)!;
      const [start, end] = b.frames ? [f.frameTimes[b.frames[0]], f.frameTimes[b.frames[1]] + f.frameDuration] : b.seconds!;
      console.log(
        `  ${b.clip} ${b.frames ? `frames ${b.frames[0]}-${b.frames[1]} = ` : ''}${fmt(start)}-${fmt(end)} ${b.what}${b.bad ? '' : ' (not counted)'}`,
      );
    }

    const engine = new Analyser(media);
    await engine.warmFaces();
    const analyser = analyserHash();
    const rows: Row[] = [];
    let analysisSeconds = 0;
    let renderSeconds = 0;
    let renderCount = 0;
    for (const input of inputs) {
      const inputFacts = input.joined ? await media.probe(input.file) : facts.get(input.name)!.facts;
      const { analysis, note, seconds } = await analysisOf(engine, input.file, inputFacts, fresh, analyser);
      analysisSeconds += seconds;
      const bad = badSpansIn(input, facts);
      const plans: Plan[] = input.joined
        ? [
            { preset: 'auto', music: false },
            { preset: 'auto', music: true },
            { preset: 'sport', music: false },
            { preset: 'sport', music: true },
          ]
        : [
            { preset: 'auto', music: false },
            { preset: 'auto', music: true },
          ];
      for (const plan of plans) {
        const result = planReel(analysis, { preset: plan.preset, target: TARGET, beats: plan.music ? music.beats : undefined });
        const scored = score(input, result, events, bad);
        const renders: RenderResult[] = [];
        if (rendering) {
          const aspects: ReelAspect[] = input.name === 'audit' && plan.music ? ['16:9', '9:16'] : ['16:9'];
          for (const aspect of aspects) {
            const output = join(work, `reel-${renderCount++}.mp4`);
            const t0 = Date.now();
            try {
              const madeRenderable = await renderReel(media, input, analysis, result, aspect, plan.music ? music : undefined, output, inputFacts);
              const seconds = (Date.now() - t0) / 1000;
              renders.push({ aspect, music: plan.music, ok: true, seconds, duration: await durationOf(output), madeRenderable });
            } catch (err) {
              const message = (err as Error).message.trim().split('\n').at(-1) ?? String(err);
              renders.push({ aspect, music: plan.music, ok: false, seconds: (Date.now() - t0) / 1000, error: message });
            } finally {
              // --keep=<dir> keeps each reel (e.g. to look at its frames); otherwise it goes.
              if (keep && existsSync(output)) renameSync(output, join(keep, `${input.name}-${planName(plan)}-${aspect.replace(':', 'x')}.mp4`));
              else rmSync(output, { force: true });
            }
            renderSeconds += renders.at(-1)!.seconds;
          }
        }
        const details = result.moments.map((m) => {
          const hits = scored.events.filter((e) => overlap(m, e) > 0);
          const badHere = bad.filter((b) => overlap(m, b) > 0).map((b) => `${fmt(overlap(m, b))} s ${b.what}`);
          const short = m.end - m.start < 1 ? ` (${fmt(m.end - m.start)} s long)` : '';
          return (
            `    ${fmt(m.start)}-${fmt(m.end)}${short}  score ${fmt(m.score)}  [${m.reasons.join(', ')}]  in ${whereIn(input, m)}` +
            `  -> ${hits.length ? hits.map((e) => `${shortLabel(e.label)}${e.hit ? '' : ' (touched)'}`).join('; ') : 'NO EVENT'}` +
            (badHere.length ? `  BAD: ${badHere.join(', ')}` : '')
          );
        });
        rows.push({ input, plan, result, ...scored, renders, analysisNote: note, details });
      }
    }

    // The table: per input and plan, then totals.
    const widths = [28, 11, 7, 6, 4, 5, 5, 8, 9, 8, 0];
    console.log('');
    console.log(row(['input', 'plan', 'events', 'recall', 'mom', 'no-ev', 'bad s', 'reel s', 'renders', 'analysis', 'summary'], widths));
    const ratio = (hit: number, all: number) => (all ? fmt(hit / all) : '-');
    for (const r of rows) {
      const hit = r.events.filter((e) => e.hit).length;
      const failed = r.renders.filter((x) => !x.ok).length;
      const renders = rendering ? (failed ? `${failed} FAILED` : `${r.renders.length} ok`) : '-';
      console.log(
        row(
          [
            r.input.name,
            planName(r.plan),
            `${hit}/${r.events.length}`,
            ratio(hit, r.events.length),
            String(r.result.moments.length),
            String(r.noEvent),
            fmt(r.badSeconds, 1),
            fmt(r.reel, 1),
            renders,
            r.analysisNote,
            r.result.summary,
          ],
          widths,
        ),
      );
    }
    const sum = (list: Row[], f: (r: Row) => number) => list.reduce((s, r) => s + f(r), 0);
    const totalLine = (name: string, list: Row[]) => {
      const hit = sum(list, (r) => r.events.filter((e) => e.hit).length);
      const all = sum(list, (r) => r.events.length);
      const failed = sum(list, (r) => r.renders.filter((x) => !x.ok).length);
      const renders = rendering ? (failed ? `${failed} FAILED` : `${sum(list, (r) => r.renders.length)} ok`) : '-';
      const shortest = Math.min(...list.map((r) => r.reel));
      console.log(
        row(
          [
            name,
            `${list.length} plans`,
            `${hit}/${all}`,
            ratio(hit, all),
            String(sum(list, (r) => r.result.moments.length)),
            String(sum(list, (r) => r.noEvent)),
            fmt(
              sum(list, (r) => r.badSeconds),
              1,
            ),
            `min ${fmt(shortest, 1)}`,
            renders,
            '',
            '',
          ],
          widths,
        ),
      );
    };
    const joinedRows = rows.filter((r) => r.input.joined);
    const singleRows = rows.filter((r) => !r.input.joined);
    if (joinedRows.length) totalLine('total joins', joinedRows);
    if (singleRows.length) totalLine('total single clips', singleRows);
    totalLine('total', rows);
    const shortest = rows.reduce((a, b) => (b.reel < a.reel ? b : a));
    console.log(`minimum reel length over all runs: ${fmt(shortest.reel, 1)} s (${shortest.input.name}, ${planName(shortest.plan)})`);

    console.log('\nmoments without an event:');
    const orphans = rows.flatMap((r) =>
      r.result.moments
        .filter((m) => !r.events.some((e) => overlap(m, e) > 0))
        .map((m) => `  ${r.input.name} ${planName(r.plan)}: ${fmt(m.start)}-${fmt(m.end)} [${m.reasons.join(', ')}] in ${whereIn(r.input, m)}`),
    );
    console.log(orphans.length ? orphans.join('\n') : '  none');
    const failures = rows.flatMap((r) => r.renders.filter((x) => !x.ok).map((x) => `  ${r.input.name} ${planName(r.plan)} ${x.aspect}: ${x.error}`));
    if (failures.length) console.log(`\nfailed reels:\n${failures.join('\n')}`);

    console.log('\nmoments (input time; clip time; events hit):');
    for (const r of rows) {
      const missed = r.events
        .filter((e) => !e.hit)
        .map((e) => `${shortLabel(e.label)} (${e.clip} ${fmt(e.start - r.input.placements.find((p) => p.clip === e.clip)!.shift)})`);
      const renders = r.renders
        .map((x) => (x.ok ? `${x.aspect}${x.music ? '+music' : ''} ${fmt(x.seconds, 1)} s -> ${fmt(x.duration ?? 0, 2)} s` : `${x.aspect} FAILED`))
        .join(', ');
      const renderable = r.renders.find((x) => x.madeRenderable)?.madeRenderable;
      console.log(
        `  ${r.input.name} ${planName(r.plan)}: ${r.result.summary}; reel ${fmt(r.reel, 1)} s${renders ? `; renders ${renders}` : ''}${missed.length ? `; missed: ${missed.join('; ')}` : ''}`,
      );
      if (renderable) console.log(`    the render showed (moments made renderable): ${renderable.map((m) => `${fmt(m.start)}-${fmt(m.end)}`).join(', ')}`);
      console.log(r.details.join('\n'));
    }

    // The issue's "Done when", on the audit-order join.
    const audit = rows.filter((r) => r.input.name === 'audit');
    const hamilton = rows.filter((r) => r.input.name === HAMILTON);
    if (audit.length || hamilton.length) {
      console.log(
        `\n== Done when: audit-order join (${audit.map((r) => planName(r.plan)).join(', ') || 'not run'}; renders 16:9 with and without music, 9:16 with music) ==`,
      );
      const w2 = [84, 6, 8, 4];
      console.log(row(['measure', 'value', 'goal', 'met'], w2));
      const line = (what: string, value: string, goal: string, met: boolean) => console.log(row([what, value, goal, met ? 'yes' : 'NO'], w2));
      if (audit.length) {
        const hit = sum(audit, (r) => r.events.filter((e) => e.hit).length);
        const all = sum(audit, (r) => r.events.length);
        const perPlan = audit.map((r) => `${planName(r.plan)} ${r.events.filter((e) => e.hit).length}/${r.events.length}`).join(', ');
        line(
          `event recall (${perPlan})`,
          fmt(hit / all),
          '>= 0.80',
          hit / all >= 0.8 && audit.every((r) => r.events.filter((e) => e.hit).length / r.events.length >= 0.8),
        );
        line(
          `moments without an event (${audit.map((r) => r.noEvent).join(', ')})`,
          String(sum(audit, (r) => r.noEvent)),
          '0',
          sum(audit, (r) => r.noEvent) === 0,
        );
        line(
          `bad-frame seconds in the reels (${audit.map((r) => fmt(r.badSeconds, 1)).join(', ')})`,
          fmt(
            sum(audit, (r) => r.badSeconds),
            1,
          ),
          '0',
          sum(audit, (r) => r.badSeconds) < 0.05,
        );
        const failed = sum(audit, (r) => r.renders.filter((x) => !x.ok).length);
        line(`failed reels (of ${rendering ? sum(audit, (r) => r.renders.length) : 'no'} renders)`, rendering ? String(failed) : '-', '0', failed === 0);
      }
      if (hamilton.length) {
        const shortestHamilton = Math.min(...hamilton.map((r) => r.reel));
        line(
          `${HAMILTON} reel length, s (${hamilton.map((r) => `${planName(r.plan)} ${fmt(r.reel, 1)}`).join(', ')})`,
          fmt(shortestHamilton, 1),
          '>= 5',
          shortestHamilton >= 5,
        );
      }
    }
    const total = (Date.now() - started) / 1000;
    console.log(`\nmoments bench: ${fmt(total, 1)} s (analysis ${fmt(analysisSeconds, 1)} s, ${renderCount} renders ${fmt(renderSeconds, 1)} s)`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function main(args: string[]): Promise<void> {
  await momentsBench(args);
}
