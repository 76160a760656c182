import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assColour, assFont, type BrandRender, cardAss, logoBox } from '../src/brand-kit/brand-render';
import { type RenderSpec, reelLength, reelSize, renderArgs } from '../src/ffmpeg/args';
import { MediaRepository } from '../src/ffmpeg/media.repository';
import { CAPTION_FONTS_DIR, captionsAss } from '../src/speech/captions';

type Rgb = [number, number, number];

const durationOf = (file: string) =>
  Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }));

/** One frame of the file at `at` seconds as RGB bytes, and its size. */
function frameAt(file: string, at: number, size: { width: number; height: number }): Buffer {
  const frame = execFileSync('ffmpeg', ['-v', 'error', '-ss', at.toFixed(3), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(frame.length).toBe(size.width * size.height * 3);
  return frame;
}

/** The mean colour of a box of a frame. */
function meanOf(frame: Buffer, width: number, box: { x: number; y: number; w: number; h: number }): Rgb {
  const sum = [0, 0, 0];
  for (let y = box.y; y < box.y + box.h; y++) for (let x = box.x; x < box.x + box.w; x++) for (let c = 0; c < 3; c++) sum[c] += frame[(y * width + x) * 3 + c];
  return sum.map((s) => s / (box.w * box.h)) as Rgb;
}

/** Pixels of a box within `tolerance` of a colour (each channel). */
function pixelsNear(frame: Buffer, width: number, box: { x: number; y: number; w: number; h: number }, colour: Rgb, tolerance = 40): number {
  let n = 0;
  for (let y = box.y; y < box.y + box.h; y++)
    for (let x = box.x; x < box.x + box.w; x++) if ([0, 1, 2].every((c) => Math.abs(frame[(y * width + x) * 3 + c] - colour[c]) <= tolerance)) n++;
  return n;
}

const near = (actual: Rgb, expected: Rgb, tolerance = 20) => actual.every((v, i) => Math.abs(v - expected[i]) <= tolerance);

/** Mean loudness (dB) of the file's sound between two times (volumedetect logs it on stderr). */
function meanVolume(file: string, from: number, to: number): number {
  const { stderr } = spawnSync(
    'ffmpeg',
    ['-hide_banner', '-nostats', '-ss', String(from), '-t', String(to - from), '-i', file, '-af', 'volumedetect', '-f', 'null', '-'],
    {
      encoding: 'utf8',
    },
  );
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1] ?? '-Infinity');
}

describe('a reel rendered with a brand kit (real ffmpeg, frames sampled)', () => {
  const work = mkdtempSync(join(tmpdir(), 'reelsmith-brand-'));
  const source = join(work, 'source.mp4');
  const logo = join(work, 'logo.png');
  const music = join(work, 'music.m4a');
  const media = new MediaRepository({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  const frame = reelSize('480p', '16:9'); // 854 x 480
  const GREY: Rgb = [64, 64, 64];
  const GREEN: Rgb = [0, 255, 0];
  const RED: Rgb = [255, 0, 0];
  const BLUE: Rgb = [0, 0, 255];
  const MAGENTA: Rgb = [255, 0, 255];
  const moments = [
    { start: 1, end: 4 },
    { start: 6, end: 9 },
  ];

  beforeAll(() => {
    const ff = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
    // A plain grey picture with a tone: any logo or card colour in a frame is the kit's.
    ff(
      '-f',
      'lavfi',
      '-i',
      'color=c=0x404040:s=640x360:r=30:d=12',
      '-f',
      'lavfi',
      '-i',
      'sine=f=440:d=12',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      source,
    );
    ff('-f', 'lavfi', '-i', 'color=c=0x00ff00:s=200x100', '-frames:v', '1', logo);
    ff('-f', 'lavfi', '-i', 'sine=f=660:d=20', '-c:a', 'aac', music);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  function card(name: string, text: string, background: string, seconds: number) {
    const file = join(work, `${name}.ass`);
    writeFileSync(file, cardAss({ text, color: '#ffffff' }, seconds, 'DejaVu Sans Bold', frame));
    return { file, background, seconds };
  }

  async function render(name: string, extra: Partial<RenderSpec>) {
    const spec: RenderSpec = {
      source,
      hasAudio: true,
      moments,
      quality: '480p',
      format: 'mp4',
      aspect: '16:9',
      crossfade: 0.5,
      sourceLevel: -20,
      output: join(work, `${name}.mp4`),
      ...extra,
    };
    await media.run(renderArgs(spec), { signal: AbortSignal.timeout(60_000) });
    return { file: spec.output, seconds: reelLength(spec) };
  }

  it('puts the logo in the chosen corner, the intro and outro cards around the moments, and is longer by the cards', async () => {
    const brand: BrandRender = {
      fontsDir: CAPTION_FONTS_DIR,
      logo: { file: logo, position: 'top-right', opacity: 1, size: 0.2 },
      intro: card('intro', 'Smith & Co weddings', '#ff0000', 2),
      outro: card('outro', 'See you soon', '#0000ff', 1.5),
    };
    const plain = await render('plain', {});
    const branded = await render('branded', { brand });
    expect(plain.seconds).toBeCloseTo(5.5, 3);
    expect(branded.seconds).toBeCloseTo(9, 3);
    expect(durationOf(branded.file)).toBeCloseTo(durationOf(plain.file) + 3.5, 1);

    // The intro's colour fills its frames (away from its centred text), from the first frame.
    for (const at of [0, 1, 1.8]) {
      const f = frameAt(branded.file, at, frame);
      expect(near(meanOf(f, frame.width, { x: 8, y: 8, w: 120, h: 60 }), RED)).toBe(true);
      expect(near(meanOf(f, frame.width, { x: frame.width - 128, y: frame.height - 68, w: 120, h: 60 }), RED)).toBe(true);
      // No logo on the card.
      expect(pixelsNear(f, frame.width, { x: 0, y: 0, w: frame.width, h: frame.height }, GREEN)).toBe(0);
    }
    // The card's text is there: white pixels in its middle.
    expect(
      pixelsNear(frameAt(branded.file, 1, frame), frame.width, { x: 0, y: frame.height / 3, w: frame.width, h: frame.height / 3 }, [255, 255, 255]),
    ).toBeGreaterThan(200);

    // In the moments: the logo (20 % of the width) fills the top-right box, and nothing of it is elsewhere.
    const { width: logoWidth, margin } = logoBox(frame, 0.2);
    const logoHeight = logoWidth / 2;
    const moment = frameAt(branded.file, 4, frame);
    const inside = { x: frame.width - margin - logoWidth + 4, y: margin + 4, w: logoWidth - 8, h: logoHeight - 8 };
    expect(near(meanOf(moment, frame.width, inside), GREEN, 25)).toBe(true);
    expect(near(meanOf(moment, frame.width, { x: margin, y: margin, w: logoWidth, h: logoHeight }), GREY)).toBe(true);
    expect(
      near(meanOf(moment, frame.width, { x: frame.width - margin - logoWidth, y: frame.height - margin - logoHeight, w: logoWidth, h: logoHeight }), GREY),
    ).toBe(true);
    const greenPixels = pixelsNear(moment, frame.width, { x: 0, y: 0, w: frame.width, h: frame.height }, GREEN);
    expect(greenPixels).toBeGreaterThan(logoWidth * logoHeight * 0.9);
    expect(greenPixels).toBeLessThan(logoWidth * logoHeight * 1.1);

    // The outro's colour fills the last frames.
    for (const at of [7.6, 8.9]) expect(near(meanOf(frameAt(branded.file, at, frame), frame.width, { x: 8, y: 8, w: 120, h: 60 }), BLUE)).toBe(true);
  });

  it('places the logo in each corner at its opacity', async () => {
    const { width: logoWidth, margin } = logoBox(frame, 0.15);
    const logoHeight = logoWidth / 2;
    const half = await render('half', { brand: { fontsDir: CAPTION_FONTS_DIR, logo: { file: logo, position: 'bottom-left', opacity: 0.5, size: 0.15 } } });
    expect(durationOf(half.file)).toBeCloseTo(5.5, 1);
    const f = frameAt(half.file, 2, frame);
    const box = { x: margin + 4, y: frame.height - margin - logoHeight + 4, w: logoWidth - 8, h: logoHeight - 8 };
    // Half green over grey: [32, 160, 32] give or take the encoder.
    expect(near(meanOf(f, frame.width, box), [32, 160, 32], 25)).toBe(true);
    expect(near(meanOf(f, frame.width, { x: frame.width - margin - logoWidth, y: margin, w: logoWidth, h: logoHeight }), GREY)).toBe(true);
  });

  it('colours the captions with the kit, and the music plays on under the cards', async () => {
    const captions = join(work, 'captions.ass');
    const words = [
      { text: 'Welcome', start: 0.5, end: 1.5 },
      { text: 'everyone', start: 1.5, end: 3 },
    ];
    const font = assFont('DejaVu Sans');
    writeFileSync(captions, captionsAss(words, 'bold', frame, undefined, { primary: assColour('#ff00ff'), family: font.family, bold: font.bold }));
    const brand: BrandRender = { fontsDir: CAPTION_FONTS_DIR, intro: card('intro-music', 'Hello', '#ff0000', 2) };
    const reel = await render('captioned', { brand, captions: { file: captions, fontsDir: CAPTION_FONTS_DIR }, music: { source: music, loudness: -14 } });
    // The words show 0.5 s into the moments, which start after the 2 s intro.
    const lower = { x: 0, y: Math.round(frame.height / 2), w: frame.width, h: Math.round(frame.height / 2) };
    expect(pixelsNear(frameAt(reel.file, 3.5, frame), frame.width, lower, MAGENTA)).toBeGreaterThan(300);
    expect(pixelsNear(frameAt(reel.file, 3.5, frame), frame.width, lower, [255, 255, 255], 30)).toBeLessThan(50);
    // On the intro card there is no caption, and the music is heard (the source's tone is not).
    expect(pixelsNear(frameAt(reel.file, 1, frame), frame.width, lower, MAGENTA)).toBe(0);
    expect(meanVolume(reel.file, 0.2, 1.8)).toBeGreaterThan(-40);
  });
});
