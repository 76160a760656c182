/**
 * `node bench/run.cjs captions.ts`: what burned-in captions cost. A 9:16 1080p reel of five moments
 * of a 1080p30 source, rendered without captions, with bold and with karaoke captions (a word every
 * 0.4 s, as dense as speech gets), against a plain encode of the same moments (seek, concat, 9:16
 * crop and scale, the same encoder settings). Medians of RUNS, interleaved. Both the wall time and
 * ffmpeg's CPU time (user + system, from /usr/bin/time) are given: on a shared machine the wall time
 * varies by tens of per cent from run to run, the CPU time much less. Also writes captioned frames as PNGs.
 * The "brand" row is the same reel with bold captions and a whole brand kit (a logo overlaid at 80 %,
 * a 2 s intro and a 2 s outro card, the kit's caption colour and font): the issue-27 goal is that it
 * too stays within 1.15x of the plain encode of the same moments (which has no cards).
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type RenderSpec, reelLength, reelSize, renderArgs } from '../services/media/src/ffmpeg/args';
import { assColour, assFont, type BrandRender, cardAss } from '../services/media/src/brand-kit/brand-render';
import { CAPTION_FONTS_DIR, captionsAss } from '../services/media/src/speech/captions';
import { wordsInReel } from '../services/media/src/speech/reel-time';

// CAPTIONS_RUNS=1 for a quick look on a busy machine (the CPU seconds hold up better than the wall time there).
const RUNS = Number(process.env.CAPTIONS_RUNS ?? '3');
const WORDS = 'so when we first met neither of us imagined that we would be standing here today in front of all of you'.split(' ');

interface Timing {
  wall: number;
  cpu: number;
}

/** An ffmpeg run's wall and CPU seconds. */
async function timed(args: string[]): Promise<Timing> {
  const started = process.hrtime.bigint();
  const { stderr } = await promisify(execFile)('/usr/bin/time', ['-f', 'cpu %U %S', 'ffmpeg', ...args], { maxBuffer: 64 << 20 });
  const [, user, system] = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(stderr) ?? [];
  return { wall: Number(process.hrtime.bigint() - started) / 1e9, cpu: Number(user) + Number(system) };
}

/** The least any renderer does for this reel: each moment seeked, concatenated, cropped to 9:16 and scaled, encoded. */
function plainArgs(file: string, moments: Array<{ start: number; end: number }>, output: string): string[] {
  const inputs = moments.flatMap((m) => ['-ss', m.start.toFixed(3), '-t', (m.end - m.start).toFixed(3), '-i', file]);
  const concat = `${moments.map((_, i) => `[${i}:v][${i}:a]`).join('')}concat=n=${moments.length}:v=1:a=1[c][a];[c]crop=ih*9/16:ih,scale=1080:1920[v]`;
  const codecs = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '21', '-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart'];
  return ['-hide_banner', '-v', 'error', '-nostdin', '-y', ...inputs, '-filter_complex', concat, '-map', '[v]', '-map', '[a]', ...codecs, output];
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

export async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'reelsmith-bench-captions-'));
  try {
    const source = join(dir, 'source.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=1920x1080:r=30:d=90', '-f', 'lavfi', '-i', 'sine=f=220:d=90'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source],
    ]);
    const moments = [5, 20, 35, 50, 70].map((start) => ({ start, end: start + 6.4 }));
    const words = Array.from({ length: 225 }, (_, i) => ({ text: WORDS[i % WORDS.length], start: i * 0.4, end: i * 0.4 + 0.33, phraseEnd: i % 9 === 8 }));
    const base: RenderSpec = { source, hasAudio: true, moments, quality: '1080p', format: 'mp4', aspect: '9:16', crossfade: 0.4, sourceLevel: -20, output: '' };
    const reelWords = wordsInReel(words, moments, base.crossfade);
    const variants: Record<string, RenderSpec> = { none: { ...base, output: join(dir, 'none.mp4') } };
    for (const style of ['bold', 'karaoke'] as const) {
      const file = join(dir, `${style}.ass`);
      writeFileSync(file, captionsAss(reelWords, style, reelSize('1080p', '9:16')));
      variants[style] = { ...base, output: join(dir, `${style}.mp4`), captions: { file, fontsDir: CAPTION_FONTS_DIR } };
    }
    variants.brand = brandVariant(dir, base, reelWords);
    const times: Record<string, Timing[]> = { plain: [], none: [], bold: [], karaoke: [], brand: [] };
    for (let run = 0; run < RUNS; run++) {
      times.plain.push(await timed(plainArgs(source, moments, join(dir, 'plain.mp4'))));
      for (const [name, spec] of Object.entries(variants)) times[name].push(await timed(renderArgs(spec)));
    }
    console.log(
      `\n== Captions: 9:16 1080p reel of ${moments.length} moments (${reelLength(base).toFixed(1)} s), ${reelWords.length} words, medians of ${RUNS} ==`,
    );
    for (const measure of ['cpu', 'wall'] as const) {
      const of = (name: string) => median(times[name].map((t) => t[measure]));
      const runs = (name: string) => times[name].map((t) => t[measure].toFixed(1)).join(', ');
      console.log(`${measure} seconds: plain encode of its moments ${of('plain').toFixed(1)} (runs ${runs('plain')})`);
      for (const name of ['none', 'bold', 'karaoke', 'brand']) {
        console.log(
          `  render, captions ${name.padEnd(8)} ${of(name).toFixed(1)}  render / plain ${(of(name) / of('plain')).toFixed(3)} (goal <= 1.15)  vs no captions ${(of(name) / of('none')).toFixed(3)}  (runs ${runs(name)})`,
        );
      }
    }
    const png = join(tmpdir(), 'reelsmith-captions-frame.png');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-ss', '2.6', '-i', variants.karaoke.output, '-frames:v', '1', png]);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-ss', '2.6', '-i', variants.bold.output, '-frames:v', '1', png.replace('.png', '-bold.png')]);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-ss', '4.6', '-i', variants.brand.output, '-frames:v', '1', png.replace('.png', '-brand.png')]);
    console.log(`a captioned frame: ${png}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The bold-captioned reel with a whole brand kit, its files made as the worker makes them. */
function brandVariant(dir: string, base: RenderSpec, words: ReturnType<typeof wordsInReel>): RenderSpec {
  const frame = reelSize('1080p', '9:16');
  const logo = join(dir, 'logo.png');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=0x00ff00:s=600x300',
    '-vf',
    'drawbox=x=40:y=120:w=520:h=60:color=white:t=fill',
    '-frames:v',
    '1',
    logo,
  ]);
  const card = (name: string, text: string) => {
    const file = join(dir, `${name}.ass`);
    writeFileSync(file, cardAss({ text, color: '#ffffff' }, 2, 'DejaVu Sans Bold', frame));
    return { file, background: '#1f2937', seconds: 2 };
  };
  const brand: BrandRender = {
    fontsDir: CAPTION_FONTS_DIR,
    logo: { file: logo, position: 'top-right', opacity: 0.8, size: 0.2 },
    intro: card('intro', 'Smith & Co Weddings'),
    outro: card('outro', 'Thanks for watching'),
  };
  const captions = join(dir, 'brand-captions.ass');
  const font = assFont('DejaVu Sans Bold');
  writeFileSync(captions, captionsAss(words, 'bold', frame, undefined, { primary: assColour('#ffcc00'), family: font.family, bold: font.bold }));
  return { ...base, output: join(dir, 'brand.mp4'), captions: { file: captions, fontsDir: CAPTION_FONTS_DIR }, brand };
}
