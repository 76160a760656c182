import { type RenderSpec, reelLength, renderArgs } from '../ffmpeg/args';
import { assColour, assFont, type BrandRender, cardAss, cardSeconds, logoBox, logoPlacement } from './brand-render';

const BASE: RenderSpec = {
  source: 'in.mp4',
  hasAudio: true,
  moments: [
    { start: 1, end: 4 },
    { start: 6, end: 9 },
  ],
  quality: '720p',
  format: 'mp4',
  aspect: '16:9',
  crossfade: 0.5,
  sourceLevel: -20,
  output: 'out.mp4',
};
const BRAND: BrandRender = {
  fontsDir: '/fonts',
  logo: { file: '/work/logo.png', position: 'bottom-right', opacity: 0.6, size: 0.2 },
  intro: { file: '/work/intro.ass', background: '#ff0000', seconds: 2 },
  outro: { file: '/work/outro.ass', background: '#0000ff', seconds: 1.5 },
};
const graphOf = (args: string[]) => args[args.indexOf('-filter_complex') + 1];
const inputsOf = (args: string[]) => args.flatMap((a, i) => (a === '-i' ? [args[i + 1]] : []));

describe('a brand kit in the render graph', () => {
  it('is longer by the cards, and the output is cut at that length', () => {
    expect(cardSeconds(BRAND)).toBe(3.5);
    expect(reelLength({ ...BASE, brand: BRAND })).toBeCloseTo(reelLength(BASE) + 3.5, 6);
    const args = renderArgs({ ...BASE, brand: BRAND });
    expect(args[args.indexOf('-t', args.indexOf('-map')) + 1]).toBe('9.000');
  });

  it('lays the logo over the moments only, sized and placed for the frame, at its opacity', () => {
    const graph = graphOf(renderArgs({ ...BASE, brand: BRAND }));
    // 20 % of 1280 px; 4 % of 720 px from the edges.
    expect(graph).toContain('[2:v]scale=256:-2,format=rgba,colorchannelmixer=aa=0.600[logo]');
    expect(graph).toContain('[vout][logo]overlay=x=main_w-overlay_w-28:y=main_h-overlay_h-28:format=yuv420[vlogo]');
    // The cards are joined around the logo'd moments, picture and sound in one concat.
    expect(graph).toContain('[vintro][aintro][vlogo][ajoined][voutro][aoutro]concat=n=3:v=1:a=1[vbranded][abranded]');
    expect(graph).toContain(
      'color=c=0xff0000:s=1280x720:r=30:d=2.000,format=yuv420p,subtitles=filename=/work/intro.ass:fontsdir=/fonts,setsar=1,settb=AVTB[vintro]',
    );
    expect(graph).toContain('anullsrc=r=48000:cl=stereo,atrim=end_sample=72000,aformat=sample_fmts=fltp[aoutro]');
    expect(graph).toContain('[abranded]volume=');
  });

  it('takes the logo as the input after the music, and runs the music over the cards', () => {
    const args = renderArgs({ ...BASE, brand: BRAND, music: { source: 'music.m4a', loudness: -14 }, speech: [{ start: 2, end: 3 }] });
    expect(inputsOf(args)).toEqual(['in.mp4', 'in.mp4', 'music.m4a', '/work/logo.png']);
    const graph = graphOf(args);
    expect(graph).toContain('[3:v]scale=');
    // The bed is as long as the whole reel, and the speech it ducks under (1..2 s of the moments) moved
    // by the intro's 2 s, with its 0.15 s ramps.
    expect(graph).toContain('[2:a]atrim=0:9.000');
    expect(graph).toContain('clip(min((t-2.850)/0.150,(4.150-t)/0.150),0,1)');
    expect(graph).toContain('[abranded][ducked]amix');
  });

  it('leaves a graph without a kit as it was, and adds only what the kit has', () => {
    expect(renderArgs({ ...BASE, brand: undefined })).toEqual(renderArgs(BASE));
    const logoOnly = graphOf(renderArgs({ ...BASE, brand: { fontsDir: '/fonts', logo: { ...BRAND.logo!, opacity: 1 } } }));
    expect(logoOnly).not.toContain('colorchannelmixer');
    expect(logoOnly).not.toContain('[vbranded]');
    expect(logoOnly).toContain('[vlogo]');
    const introOnly = graphOf(renderArgs({ ...BASE, brand: { fontsDir: '/fonts', intro: BRAND.intro } }));
    expect(introOnly).toContain('[vintro][aintro][vout][ajoined]concat=n=2:v=1:a=1');
  });

  it('places a logo in each corner, even-sized, on portrait frames too', () => {
    expect(logoBox({ width: 1080, height: 1920 }, 0.15)).toEqual({ width: 162, margin: 44 });
    expect(logoPlacement('top-left', 10)).toEqual({ x: '10', y: '10' });
    expect(logoPlacement('top-right', 10)).toEqual({ x: 'main_w-overlay_w-10', y: '10' });
    expect(logoPlacement('bottom-left', 10)).toEqual({ x: '10', y: 'main_h-overlay_h-10' });
  });

  it('writes a card as a centred ASS line in the kit font and colour, escaped', () => {
    const ass = cardAss({ text: 'Smith {&} Co', color: '#ffcc00' }, 2.5, 'DejaVu Sans Bold', { width: 1280, height: 720 });
    expect(ass).toContain('PlayResX: 1280');
    expect(ass).toMatch(/^Style: Card,DejaVu Sans,58,&H0000CCFF,&H0000CCFF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,0,0,5,128,128,0,1$/m);
    expect(ass).toContain('Dialogue: 0,0:00:00.00,0:00:02.50,Card,,0,0,0,,{\\fad(250,250)}Smith \\{&\\} Co');
    expect(assColour('#102030')).toBe('&H00302010');
    expect(assFont('DejaVu Serif')).toEqual({ family: 'DejaVu Serif', bold: false });
  });
});
