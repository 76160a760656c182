import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { snapToBeats } from '../src/analysis/beats';
import { CROSSFADE_SECONDS, frameExact } from '../src/analysis/selection';
import { type ReelAspect, reelLength, type RenderSpec } from '../src/ffmpeg/args';
import { MediaRepository, RenderPlanError, SourceDecodeError } from '../src/ffmpeg/media.repository';
import { validRenderPlan } from '../src/ffmpeg/render-plan';
import { planSeed, randomBeats, randomMoments, seededRandom } from './random-plans';

const FPS = 30;

/** Durations of a media file by ffprobe: the file's and each stream's. */
function durationsOf(file: string): { file: number; video?: number; audio?: number } {
  const streams = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,duration', '-of', 'csv=p=0', file], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.split(','));
  const format = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }));
  return { file: format, ...Object.fromEntries(streams.map(([type, d]) => [type, Number(d)])) };
}

/** Times of the first frame of each clip after the first, for clips of these frame counts. */
const cutsOf = (frames: number[]) => frames.slice(0, -1).map((_, i) => frames.slice(0, i + 1).reduce((a, b) => a + b, 0) / FPS);

/** Clips of the given frame counts joined with hard cuts, each its own colour and tone, as one source. */
function joinedClips(file: string, frames: number[], size: string) {
  const chains = frames.map((n, i) =>
    [
      `testsrc2=s=${size}:r=${FPS},hue=h=${i * 67},drawbox=c=${i % 2 ? 'white' : 'black'}@0.5:t=fill:w=iw/3,trim=end_frame=${n},setpts=PTS-STARTPTS[v${i}]`,
      `sine=f=${300 + 150 * i}:sample_rate=48000,atrim=end=${(n / FPS).toFixed(6)},asetpts=PTS-STARTPTS[a${i}]`,
    ].join(';'),
  );
  const joined = frames.map((_, i) => `[v${i}][a${i}]`).join('');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-filter_complex',
    `${chains.join(';')};${joined}concat=n=${frames.length}:v=1:a=1[vj][a];[vj]format=yuv420p[v]`,
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    file,
  ]);
}

/** A test picture of `video` seconds with a tone of `audio` seconds (none without), starting `soundFrom` seconds in. */
function testSource(file: string, video: number, audio?: number, soundFrom = 0) {
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=320x180:r=${FPS}:d=${video}`,
    ...(audio ? ['-itsoffset', String(soundFrom), '-f', 'lavfi', '-i', `sine=f=440:d=${audio}`, '-c:a', 'aac'] : []),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
}

/** A music track (MP3, as the catalogue's): a tone with a click on every beat. */
function musicTrack(file: string, seconds: number) {
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=f=220:d=${seconds},volume='0.3+0.7*lt(mod(t\\,0.5)\\,0.05)':eval=frame`,
    '-c:a',
    'libmp3lame',
    '-b:a',
    '128k',
    file,
  ]);
}

interface Source {
  /** Seconds of the file (its sound may go on after its picture). */
  duration: number;
  cuts: number[];
  make(file: string): void;
}

const SOURCES: Record<string, Source> = {
  'clips with hard cuts': { duration: 223 / FPS, cuts: cutsOf([37, 52, 29, 61, 44]), make: (f) => joinedClips(f, [37, 52, 29, 61, 44], '320x180') },
  'portrait clips': { duration: 144 / FPS, cuts: cutsOf([41, 33, 70]), make: (f) => joinedClips(f, [41, 33, 70], '180x320') },
  'sound shorter than the picture': { duration: 6, cuts: [], make: (f) => testSource(f, 6, 2.5) },
  'picture shorter than the sound': { duration: 6.5, cuts: [], make: (f) => testSource(f, 4, 6.5) },
  'sound starting late': { duration: 5, cuts: [], make: (f) => testSource(f, 5, 3, 2) },
  'no sound at all': { duration: 5, cuts: [], make: (f) => testSource(f, 5) },
};

describe('reel render plans with real ffmpeg', () => {
  const work = mkdtempSync(join(tmpdir(), 'reelsmith-render-plan-'));
  const media = new MediaRepository({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  const fileOf = (name: string) => join(work, `${name.replace(/\W+/g, '-')}.mp4`);
  const music = join(work, 'music.mp3');

  beforeAll(() => {
    for (const [name, source] of Object.entries(SOURCES)) source.make(fileOf(name));
    // 3 s of music, shorter than most reels here: it loops.
    musicTrack(music, 3);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** The spec renderReel builds for these moments of a source (its facts probed). */
  async function specFor(
    name: string,
    moments: RenderSpec['moments'],
    options: { aspect?: ReelAspect; music?: boolean; level?: number; output: string },
  ): Promise<RenderSpec> {
    const source = fileOf(name);
    const facts = await media.probe(source);
    return {
      source,
      hasAudio: facts.hasAudio,
      moments,
      quality: '480p',
      format: 'mp4',
      aspect: options.aspect ?? '16:9',
      crossfade: CROSSFADE_SECONDS,
      music: options.music ? { source: music, loudness: -14 } : undefined,
      sourceLevel: options.level,
      output: join(work, options.output),
      sourceSize: { width: facts.width, height: facts.height, sampleAspect: facts.sampleAspect },
      sourceDuration: facts.videoDuration,
    };
  }

  /** Renders, and checks the reel is as long as its plan (within two frames), picture and sound alike. */
  async function renderAndMeasure(spec: RenderSpec) {
    await media.render(spec, { signal: AbortSignal.timeout(60_000) });
    const planned = reelLength(validRenderPlan(spec));
    const measured = durationsOf(spec.output);
    for (const seconds of [measured.file, measured.video, measured.audio]) expect(Math.abs(seconds! - planned)).toBeLessThanOrEqual(2 / FPS + 0.005);
  }

  // The reported failure: moments starting on cuts (rounded down to the millisecond, as frameExact
  // does) collapsed to zero length when their ends were snapped to the beats, and ffmpeg refused
  // the graph ("atrim ... end_sample=-48: Numerical result out of range").
  it('renders moments that start on cuts, snapped to the beats of a track', async () => {
    const { cuts, duration } = SOURCES['clips with hard cuts'];
    const bounds = [0, ...cuts, duration];
    const beats = Array.from({ length: 40 }, (_, i) => i * 0.5);
    // Shots 2, 4 and 5, each from its first frame to the last before the next cut.
    const moments = [1, 3, 4].map((k) => ({ ...frameExact({ start: bounds[k], end: bounds[k + 1] }, cuts), score: 1, reasons: [] }));
    const snapped = snapToBeats(moments, beats, cuts);
    snapped.forEach((m, i) => expect(m.end - m.start).toBeGreaterThan(0.9 * (moments[i].end - moments[i].start)));
    await renderAndMeasure(await specFor('clips with hard cuts', snapped, { music: true, output: 'reel-beats.mp4' }));
  });

  it('loops a 3 s track under a 30 s reel, to the end', async () => {
    const silent = join(work, 'silent-32s.mp4');
    testSource(silent, 32);
    const output = join(work, 'reel-long.mp4');
    const spec: RenderSpec = {
      source: silent,
      hasAudio: false,
      moments: [
        { start: 0, end: 10 },
        { start: 11, end: 21 },
        { start: 22, end: 32 },
      ],
      quality: '480p',
      format: 'mp4',
      aspect: '16:9',
      crossfade: CROSSFADE_SECONDS,
      music: { source: music, loudness: -14 },
      sourceDuration: 32,
      output,
    };
    await renderAndMeasure(spec);
    // The source is silent: what is heard 25 s in is the music, still playing.
    const volume = spawnSync('ffmpeg', ['-hide_banner', '-ss', '25', '-t', '2', '-i', output, '-af', 'volumedetect', '-f', 'null', '-'], {
      encoding: 'utf8',
    }).stderr;
    expect(Number(/mean_volume: (-?[\d.]+) dB/.exec(volume)?.[1])).toBeGreaterThan(-45);
  });

  describe('random moments never fail and make a reel as long as planned', () => {
    const seed = planSeed();
    const random = seededRandom(seed);
    const names = Object.keys(SOURCES);
    const cases = Array.from({ length: 30 }, (_, n) => {
      const name = names[n % names.length];
      const { duration, cuts } = SOURCES[name];
      const withMusic = random() < 0.5;
      const chosen = randomMoments(random, duration, cuts, 3);
      const moments = withMusic ? snapToBeats(chosen, randomBeats(random), cuts) : chosen;
      return {
        n,
        name,
        moments: moments.map(({ start, end }) => ({ start, end })),
        music: withMusic,
        seconds: moments.map((m) => `${m.start}-${m.end}`).join(', '),
        aspect: (random() < 0.5 ? '16:9' : '9:16') as ReelAspect,
        level: random() < 0.7 ? -20 : undefined,
      };
    });

    it.each(cases)(`seed ${seed}, case $n: $name, $aspect, music $music, moments $seconds`, async ({ n, name, moments, music, aspect, level }) => {
      const spec = await specFor(name, moments, { aspect, music, level, output: `reel-random-${n}.mp4` });
      await renderAndMeasure(spec).catch((err: Error) => {
        throw new Error(
          `seed ${seed}, case ${n} (replay with RENDER_PLAN_SEED=${seed}): plan ${JSON.stringify(validRenderPlan(spec).moments)}\n${err.message}`,
        );
      });
    });
  });

  describe('a failed render says whose fault it is', () => {
    it('ours when ffmpeg refuses the graph (sound asked of a source without any)', async () => {
      const spec = { ...(await specFor('no sound at all', [{ start: 1, end: 3 }], { output: 'reel-ours.mp4' })), hasAudio: true };
      await expect(media.render(spec)).rejects.toThrow(RenderPlanError);
    });

    it('the source when it does not decode where the moments are', async () => {
      // A file cut off before its index (moov at the end, as cameras write): it no longer decodes.
      const whole = fileOf('clips with hard cuts');
      const cutOff = join(work, 'cut-off.mp4');
      const bytes = readFileSync(whole);
      writeFileSync(cutOff, bytes.subarray(0, bytes.indexOf('moov') - 4));
      const spec = { ...(await specFor('clips with hard cuts', [{ start: 1, end: 3 }], { output: 'reel-damaged.mp4' })), source: cutOff };
      await expect(media.render(spec)).rejects.toThrow(SourceDecodeError);
    });
  });
});
