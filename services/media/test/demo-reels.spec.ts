import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_REELS, makeDemoReel, writeManifest } from '../src/demo-reels/demo-reels';

/** Mean level (dB) of a file's sound, from ffmpeg's volumedetect. */
function meanVolume(file: string): number {
  const { stderr } = spawnSync('ffmpeg', ['-hide_banner', '-nostdin', '-i', file, '-map', '0:a', '-af', 'volumedetect', '-f', 'null', '-'], {
    encoding: 'utf8',
  });
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1]);
}

function probe(file: string) {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type:format=duration', '-of', 'json', file], { encoding: 'utf8' });
  return JSON.parse(out) as { streams: Array<{ codec_type: string }>; format: { duration: string } };
}

describe('a sample reel', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'reelsmith-demo-reel-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is cut by the engine from generated footage, with the music under it, a poster and its manifest entry', async () => {
    // A stand-in track (the music service's own synthesis is its tests' business): a pulse at 120 bpm.
    const music = join(dir, 'music.m4a');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', "aevalsrc='0.3*sin(2*PI*330*t)*(0.5+0.5*lt(mod(t\\,0.5)\\,0.15))':s=48000:d=30", music]);
    const beats = Array.from({ length: 60 }, (_, i) => i * 0.5);
    const out = join(dir, 'reels');
    const entry = await makeDemoReel(DEMO_REELS[0], {
      outDir: out,
      workDir: dir,
      music: { file: music, title: 'Pulse', artist: 'Test', loudness: -18, beats },
      scale: 0.25,
      frame: { w: 320, h: 180, rate: 25 },
    });
    expect(entry).toMatchObject({
      slug: 'generated-match',
      kind: 'sport',
      video: '/demo-reels/generated-match.mp4',
      poster: '/demo-reels/generated-match.jpg',
    });
    expect(entry.credit).toBe('Generated footage · music: Pulse by Test');

    const reel = join(out, 'generated-match.mp4');
    const facts = probe(reel);
    expect(facts.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(Number(facts.format.duration)).toBeGreaterThan(3);
    expect(entry.durationSeconds).toBe(Math.round(Number(facts.format.duration)));
    expect(meanVolume(reel)).toBeGreaterThan(-35);
    expect(statSync(join(out, 'generated-match.jpg')).size).toBeGreaterThan(1000);

    await writeManifest(out, [entry]);
    expect(JSON.parse(readFileSync(join(out, 'index.json'), 'utf8'))).toEqual([entry]);
  });
});
