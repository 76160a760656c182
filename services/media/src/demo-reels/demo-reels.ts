/**
 * The sample reels of /demo and the sign-in page: real reels of the engine (analysis, selection,
 * render with a catalogue track) cut from generated footage. Made outside any service (no NATS, S3
 * or database): `scripts/lib/demo-reels.cjs` drives this with the music service's tracks.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_REELS_MANIFEST, DEMO_REELS_PATH, type DemoReelJson } from '@reelsmith/proto/http';
import { levelOf } from '../analysis/analysis';
import { Analyser } from '../analysis/analyser';
import { planReel } from '../analysis/reel-plan';
import { CROSSFADE_SECONDS } from '../analysis/selection';
import { posterArgs, posterTime, qualityFor, reelLength } from '../ffmpeg/args';
import { MediaRepository } from '../ffmpeg/media.repository';
import { validMoments } from '../ffmpeg/render-plan';
import { DEMO_REELS, type DemoReelSpec } from './catalogue';
import { footageArgs, type Frame } from './footage';

export { DEMO_REELS, type DemoReelSpec };

/** A catalogue track as a local file. */
export interface MusicFile {
  file: string;
  title: string;
  artist: string;
  /** Integrated loudness, LUFS. */
  loudness: number;
  beats: number[];
}

/** One entry of the manifest, what the web reads. */
export type DemoReelEntry = DemoReelJson;

export interface MakeOptions {
  /** Where the reels, posters and index.json go. */
  outDir: string;
  /** Scratch space for the footage. */
  workDir: string;
  music: MusicFile;
  /** Footage length as a share of the full footage (tests make short reels). */
  scale?: number;
  frame?: Frame;
  ffmpeg?: string;
  ffprobe?: string;
}

const FULL_FRAME: Frame = { w: 1280, h: 720, rate: 30 };

/** Draws the footage, analyses it, plans the reel and renders it with the music; the reel and its poster land in outDir. */
export async function makeDemoReel(spec: DemoReelSpec, options: MakeOptions): Promise<DemoReelEntry> {
  const media = new MediaRepository({ ffmpeg: options.ffmpeg ?? 'ffmpeg', ffprobe: options.ffprobe ?? 'ffprobe' });
  const footage = join(options.workDir, `${spec.slug}-footage.mp4`);
  await media.run(footageArgs(spec.kind, options.frame ?? FULL_FRAME, footage, options.scale ?? 1));
  const facts = await media.probe(footage);
  const analysis = await new Analyser(media).analyze(footage, { hasAudio: true, durationSeconds: facts.duration, size: facts, faces: false });
  // Filled to the target: the footage is short, and a viewer wants the play around each goal too.
  const plan = planReel(analysis, { preset: spec.preset, target: spec.target, fill: true, beats: options.music.beats });
  const moments = validMoments(plan.moments, facts.videoDuration).map((m) => ({ start: m.start, end: m.end, score: m.score, crop: [] }));

  // Rendered beside their final names, then renamed: a reel in the folder is always whole.
  await mkdir(options.outDir, { recursive: true });
  const reel = join(options.outDir, `${spec.slug}.part.mp4`);
  const render = {
    source: footage,
    sourceSize: { width: facts.width, height: facts.height, sampleAspect: facts.sampleAspect },
    sourceDuration: facts.videoDuration,
    hasAudio: true,
    moments,
    quality: qualityFor('720p', '16:9', facts),
    format: 'mp4' as const,
    aspect: '16:9' as const,
    crossfade: CROSSFADE_SECONDS,
    music: { source: options.music.file, loudness: options.music.loudness },
    sourceLevel: levelOf(analysis, moments),
    output: reel,
  };
  await media.render(render, { durationSeconds: reelLength(render) });
  const duration = (await media.probe(reel)).duration;
  const poster = join(options.outDir, `${spec.slug}.part.jpg`);
  await media.run(posterArgs(reel, poster, posterTime(moments, CROSSFADE_SECONDS, duration)));

  await rename(poster, join(options.outDir, `${spec.slug}.jpg`));
  await rename(reel, join(options.outDir, `${spec.slug}.mp4`));
  await rm(footage, { force: true });
  return {
    slug: spec.slug,
    kind: spec.kind,
    title: spec.title,
    durationSeconds: Math.round(duration),
    credit: `Generated footage · music: ${options.music.title} by ${options.music.artist}`,
    video: `${DEMO_REELS_PATH}/${spec.slug}.mp4`,
    poster: `${DEMO_REELS_PATH}/${spec.slug}.jpg`,
  };
}

/** Writes index.json whole (temp file, then rename): the gateway never serves half a list. */
export async function writeManifest(outDir: string, entries: DemoReelEntry[]): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const temp = join(outDir, `${DEMO_REELS_MANIFEST}.${process.pid}.tmp`);
  await writeFile(temp, `${JSON.stringify(entries, null, 2)}\n`);
  await rename(temp, join(outDir, DEMO_REELS_MANIFEST));
}
