import { filterPath, renderArgs, type RenderSpec } from './args';

const spec = (extra: Partial<RenderSpec> = {}): RenderSpec => ({
  source: 'src.mp4',
  hasAudio: true,
  quality: '480p',
  format: 'mp4',
  aspect: '9:16',
  crossfade: 0.4,
  output: 'reel.mp4',
  moments: [
    { start: 1, end: 4 },
    { start: 6, end: 9 },
  ],
  ...extra,
});

const graphOf = (args: string[]) => args[args.indexOf('-filter_complex') + 1];
const mappedVideo = (args: string[]) => args[args.indexOf('-map') + 1];

describe('captions in the render pass', () => {
  it('burns the captions in once, after the moments are joined at the reel size, with the fonts folder given', () => {
    const args = renderArgs(spec({ captions: { file: '/work/job 1/captions.ass', fontsDir: '/usr/share/fonts/truetype/dejavu' } }));
    const graph = graphOf(args);
    expect(graph.match(/subtitles=/g)).toHaveLength(1);
    expect(graph).toContain('[vout]subtitles=filename=/work/job 1/captions.ass:fontsdir=/usr/share/fonts/truetype/dejavu[vcaptioned]');
    expect(mappedVideo(args)).toBe('[vcaptioned]');
    // One ffmpeg run, as without captions.
    expect(args.filter((a) => a === '-filter_complex')).toHaveLength(1);
  });

  it('renders as before without captions', () => {
    const args = renderArgs(spec());
    expect(graphOf(args)).not.toContain('subtitles');
    expect(mappedVideo(args)).toBe('[vout]');
  });

  it('captions a single moment too', () => {
    const args = renderArgs(spec({ moments: [{ start: 0, end: 3 }], captions: { file: '/c.ass', fontsDir: '/f' } }));
    expect(graphOf(args)).toContain('[v0]subtitles=filename=/c.ass:fontsdir=/f[vcaptioned]');
  });

  it('escapes a path for the option and for the graph', () => {
    // Checked with ffmpeg: a graph with such a path opens the file.
    expect(filterPath("/tmp/a:b,c'd[e];f")).toBe(String.raw`/tmp/a\\:b\,c\\\'d\[e\]\;f`);
  });
});
