import { brandKitBody, DEFAULT_BRAND_KIT, logoKind } from './brand-kit';
import { readBody } from './fields';

const CARD = { enabled: true, text: '  Smith & Co  ', background: '#FF0000', color: '#ffffff', duration: 2 };
const KIT = {
  logo: { position: 'bottom-right', opacity: 0.5, size: 0.2 },
  intro: CARD,
  outro: { ...CARD, enabled: false, text: '' },
  captionColor: '#FFCC00',
  font: 'DejaVu Serif',
};
const problem = (body: unknown) => {
  const read = readBody(brandKitBody, body);
  return 'problem' in read ? read.problem.message : null;
};

describe('the brand kit body', () => {
  it('takes a whole kit: texts trimmed, colours lower-cased', () => {
    const read = readBody(brandKitBody, KIT);
    expect('value' in read && read.value).toEqual({
      ...KIT,
      intro: { ...CARD, text: 'Smith & Co', background: '#ff0000' },
      outro: { ...KIT.outro, background: '#ff0000' },
      captionColor: '#ffcc00',
    });
    // The defaults a new kit starts from are a valid body themselves.
    const { logo, ...rest } = DEFAULT_BRAND_KIT;
    expect(problem({ ...rest, logo: { position: logo.position, opacity: logo.opacity, size: logo.size } })).toBeNull();
  });

  it.each([
    [{ ...KIT, captionColor: 'red' }, 'captionColor must be a colour written #rrggbb'],
    [{ ...KIT, captionColor: '#ff00001' }, 'captionColor must be a colour written #rrggbb'],
    [{ ...KIT, intro: { ...CARD, background: 'rgb(0,0,0)' } }, 'intro.background must be a colour written #rrggbb'],
    [{ ...KIT, logo: { ...KIT.logo, opacity: 0 } }, 'logo.opacity must be a number from 0.1 to 1'],
    [{ ...KIT, logo: { ...KIT.logo, opacity: 1.5 } }, 'logo.opacity must be a number from 0.1 to 1'],
    [{ ...KIT, logo: { ...KIT.logo, size: 0.9 } }, 'logo.size must be a number from 0.05 to 0.4 (a share of the frame width)'],
    [{ ...KIT, logo: { ...KIT.logo, position: 'middle' } }, 'logo.position must be one of top-left, top-right, bottom-left, bottom-right'],
    [{ ...KIT, outro: { ...CARD, duration: 0.5 } }, 'outro.duration must be a number from 1 to 5 seconds'],
    [{ ...KIT, outro: { ...CARD, duration: 6 } }, 'outro.duration must be a number from 1 to 5 seconds'],
    [{ ...KIT, intro: { ...CARD, text: 'x'.repeat(81) } }, 'intro.text must be a text of at most 80 characters'],
    [{ ...KIT, intro: { ...CARD, text: 'two\nlines' } }, 'intro.text cannot hold line breaks or control characters'],
    [{ ...KIT, intro: { ...CARD, text: '   ' } }, 'intro.text is needed when the intro card is on'],
    [{ ...KIT, font: 'Comic Sans MS' }, 'font must be one of DejaVu Sans, DejaVu Sans Bold, DejaVu Serif'],
    [{ ...KIT, userId: 'someone-else' }, 'Unknown field: userId'],
    [{ ...KIT, logo: { ...KIT.logo, url: 'http://x' } }, 'Unknown field: url'],
    [[KIT], 'The request body must be a JSON object'],
  ])('refuses %j: %s', (body, message) => {
    expect(problem(body)).toBe(message);
  });
});

describe('what a logo file is, by its first bytes', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it('knows a PNG by its signature and an SVG by its document element', () => {
    expect(logoKind(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(logoKind(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(logoKind(bytes('\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>'))).toBe('svg');
  });

  it('refuses text, HTML, a JPEG and a PNG signature cut short', () => {
    expect(logoKind(bytes('hello, I am not an image'))).toBeNull();
    expect(logoKind(bytes('<html><svg></svg></html>'))).toBeNull();
    expect(logoKind(bytes('<svgfoo>'))).toBeNull();
    expect(logoKind(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
    expect(logoKind(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });
});
