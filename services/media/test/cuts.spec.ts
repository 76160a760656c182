import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Analyser } from '../src/analysis/analyser';
import { MediaRepository } from '../src/ffmpeg/media.repository';

/**
 * The cut detector on generated clips (real ffmpeg): what a real cut is, to the frame, and what is
 * not one — a light switching on, a flash, an object passing close, a pan.
 */
describe('cut detection with real ffmpeg', () => {
  const work = mkdtempSync(join(tmpdir(), 'reelsmith-cuts-'));
  const media = new MediaRepository({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  const analyser = new Analyser(media);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** A still, textured picture with a little camera noise, like a locked-off shot. */
  const still = (source: string, seconds: number) =>
    `${source}=s=320x180:r=30,trim=end_frame=1,loop=loop=-1:size=1,trim=duration=${seconds},setpts=N/30/TB,noise=alls=5:allf=t`;

  function make(name: string, filter: string, extra: string[] = []): string {
    const file = join(work, `${name}.mp4`);
    const inputs = extra.includes('-i') ? extra.slice(0, extra.indexOf('-i') + 2) : [];
    const rest = extra.slice(inputs.length);
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      ...inputs,
      '-filter_complex',
      `${filter},format=yuv420p[v]`,
      '-map',
      '[v]',
      ...rest,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-g',
      '48',
      ...(inputs.length ? ['-c:a', 'aac'] : ['-an']),
      file,
    ]);
    return file;
  }
  const analyse = (file: string, seconds: number) => analyser.analyze(file, { hasAudio: false, durationSeconds: seconds });

  it('finds a hard cut at the first frame of the new shot, between frames of the 5 fps analysis', async () => {
    // Shot one runs 47 frames (1.5667 s at 30 fps), then a moving test pattern, then a third shot at frame 160.
    const file = make(
      'hard-cut',
      `testsrc2=s=320x180:r=30,trim=end_frame=47,setpts=PTS-STARTPTS[a];` +
        `mandelbrot=s=320x180:r=30,trim=end_frame=113,setpts=PTS-STARTPTS[b];` +
        `smptehdbars=s=320x180:r=30,trim=end_frame=60,setpts=PTS-STARTPTS,noise=alls=8:allf=t[c];[a][b][c]concat=n=3:v=1`,
    );
    const { cuts } = await analyse(file, 7.4);
    expect(cuts).toHaveLength(2);
    expect(cuts[0]).toBeCloseTo(47 / 30, 3);
    expect(cuts[1]).toBeCloseTo(160 / 30, 3);
  });

  it('reports presentation times when the video does not start at 0 and the frame rate varies', async () => {
    // Frames at 25 fps then at 50 fps (variable rate); the sound starts at 0, the first frame at 0.6 s.
    const file = make(
      'vfr',
      `testsrc2=s=320x180:r=25,trim=end_frame=40,setpts=PTS-STARTPTS[a];` +
        `mandelbrot=s=320x180:r=50,trim=end_frame=90,setpts=PTS-STARTPTS[b];[a][b]concat=n=2:v=1,setpts=PTS+0.6/TB`,
      ['-f', 'lavfi', '-i', 'sine=d=4.4', '-map', '0:a', '-fps_mode', 'vfr', '-video_track_timescale', '1000'],
    );
    const start = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v', '-show_entries', 'stream=start_time', '-of', 'csv=p=0', file], {
      encoding: 'utf8',
    });
    expect(Number(start)).toBeCloseTo(0.6, 2);
    const { cuts } = await analyse(file, 4.4);
    expect(cuts).toHaveLength(1);
    expect(cuts[0]).toBeCloseTo(0.6 + 40 / 25, 2);
  });

  it('finds every cut of a fast-cut edit (shots of 2 to 4 frames, a white flash between two), each to the frame', async () => {
    const shot = (source: string, frames: number, i: number) =>
      `${source}${source.includes('=') ? ':' : '='}s=320x180:r=30,trim=end_frame=${frames},setpts=PTS-STARTPTS[s${i}]`;
    const plan: Array<[string, number]> = [
      ['testsrc2', 20],
      ['mandelbrot', 3],
      ['smptehdbars', 2],
      ['color=c=white', 2],
      ['rgbtestsrc', 4],
      ['cellauto=rule=110', 3],
      ['testsrc', 20],
    ];
    const file = make(
      'fast-edit',
      `${plan.map(([source, frames], i) => shot(source, frames, i)).join(';')};${plan.map((_, i) => `[s${i}]`).join('')}concat=n=${plan.length}:v=1`,
    );
    const { cuts } = await analyse(file, 54 / 30);
    // The flash (frames 25-26) joins two shots: one cut, at the first frame after it.
    expect(cuts.map((t) => Math.round(t * 30))).toEqual([20, 23, 27, 31, 34]);
  });

  it('takes no light switching on or off in a static shot for a cut', async () => {
    // The whole room brightens at 2 s and darkens at 4 s; a lamp lights one corner from 5.5 s.
    const file = make(
      'lamp',
      `${still('testsrc2', 8)},eq=brightness=0.18:contrast=1.15:enable='between(t,2,4)',` +
        `drawbox=x=0:y=0:w=100:h=70:color=0xffe0a0@0.6:t=fill:enable='gte(t,5.5)'`,
    );
    const { cuts } = await analyse(file, 8);
    expect(cuts).toEqual([]);
  });

  it('takes no flash for a cut (white frames, or a burst of light over the picture)', async () => {
    const file = make(
      'flash',
      `${still('smptehdbars', 6)},drawbox=x=0:y=0:w=iw:h=ih:color=white:t=fill:enable='between(n,60,61)',` + `eq=brightness=0.45:enable='between(n,120,122)'`,
    );
    const { cuts } = await analyse(file, 6);
    expect(cuts).toEqual([]);
  });

  it('takes no object passing close to the lens in a static shot for a cut', async () => {
    // A dark "hand" sweeps in fast from the left over a third of the picture, stays, and leaves.
    const file = make(
      'hand',
      `${still('testsrc2', 6)},drawbox=x='-120+mod(t*600,600)':y=20:w=120:h=150:color=0x503828:t=fill:enable='between(t,1,2)',` +
        `drawbox=x=60:y=20:w=120:h=150:color=0x503828:t=fill:enable='between(t,3,3.2)'`,
    );
    const { cuts } = await analyse(file, 6);
    expect(cuts).toEqual([]);
  });

  it('finds each transition of a slideshow once, inside its span: fade, fade through black, short dissolve, 2 s fade', async () => {
    const photo = (source: string, seconds: number, i: number) =>
      `${source}=s=480x270:r=25,trim=end_frame=1,loop=loop=-1:size=1,trim=duration=${seconds},setpts=N/25/TB[p${i}]`;
    const file = make(
      'slideshow',
      `${photo('testsrc2', 3, 0)};${photo('smptehdbars', 3, 1)};${photo('mandelbrot', 3, 2)};${photo('rgbtestsrc', 5, 3)};${photo('testsrc', 4, 4)};` +
        '[p0][p1]xfade=transition=fade:duration=1:offset=2[x1];[x1][p2]xfade=transition=fadeblack:duration=1:offset=4[x2];' +
        '[x2][p3]xfade=transition=dissolve:duration=0.4:offset=6[x3];[x3][p4]xfade=transition=fade:duration=2:offset=9',
    );
    const { cuts } = await analyse(file, 13);
    const spans = [
      [2, 3],
      [4, 5],
      [6, 6.4],
      [9, 11],
    ];
    expect(cuts).toHaveLength(spans.length);
    // Matched like the real-footage bench: inside the span widened by 2 frames.
    cuts.forEach((t, i) => {
      expect(t).toBeGreaterThanOrEqual(spans[i][0] - 0.08);
      expect(t).toBeLessThanOrEqual(spans[i][1] + 0.08);
    });
  });

  it('finds a dissolve between two stills and a fade to black, once each', async () => {
    const file = make(
      'gradual',
      `${still('testsrc2', 4)}[a];${still('smptehdbars', 6)}[b];[a][b]xfade=transition=fade:duration=1:offset=3,fade=t=out:st=7.5:d=1.5`,
    );
    const { cuts } = await analyse(file, 9);
    expect(cuts).toHaveLength(2);
    expect(cuts[0]).toBeGreaterThanOrEqual(2.9);
    expect(cuts[0]).toBeLessThanOrEqual(4.1);
    expect(cuts[1]).toBeGreaterThanOrEqual(7.4);
    expect(cuts[1]).toBeLessThanOrEqual(9.1);
  });
});
