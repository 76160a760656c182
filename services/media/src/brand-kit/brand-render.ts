import type { BrandCardJson, BrandFont, LogoPosition } from '@reelsmith/proto/http';
import { assTime, escapeAss } from '../speech/captions';

/**
 * How a brand kit enters a reel's one ffmpeg pass (the filters are in ffmpeg/args.ts): the logo is
 * overlaid on the moments (after the captions, so it stays on top), and the intro and outro cards are
 * colour frames with their text burned by libass (the captions' path and fonts), joined before and
 * after the moments with silence under them; the music bed then runs over the whole reel, cards
 * included. This file holds the sizes, places and card texts.
 */

export interface LogoRender {
  /** The stored PNG (RGBA). */
  file: string;
  position: LogoPosition;
  opacity: number;
  /** Width as a share of the frame's width. */
  size: number;
}

export interface CardRender {
  /** #rrggbb */
  background: string;
  seconds: number;
  /** The card's text as an ASS file for the frame's size (cardAss). */
  file: string;
}

export interface BrandRender {
  /** Where the cards' fonts are (libass reads them from there, never through fontconfig). */
  fontsDir: string;
  logo?: LogoRender;
  intro?: CardRender;
  outro?: CardRender;
}

/** The seconds the cards add to a reel. */
export const cardSeconds = (brand: BrandRender | undefined) => (brand?.intro?.seconds ?? 0) + (brand?.outro?.seconds ?? 0);

/** The logo's margin from the frame's edges: a share of the short side. */
const LOGO_MARGIN = 0.04;

/** The logo's width and distance from the edges in pixels of a frame, both even (4:2:0 chroma). */
export function logoBox(frame: { width: number; height: number }, size: number) {
  const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);
  return { width: even(frame.width * size), margin: even(Math.min(frame.width, frame.height) * LOGO_MARGIN) };
}

/** overlay's x and y for a corner, `m` pixels in from its edges. */
export function logoPlacement(position: LogoPosition, m: number): { x: string; y: string } {
  const right = position.endsWith('right');
  const bottom = position.startsWith('bottom');
  return { x: right ? `main_w-overlay_w-${m}` : String(m), y: bottom ? `main_h-overlay_h-${m}` : String(m) };
}

/** The ASS face and weight of a brand font. */
export function assFont(font: BrandFont): { family: string; bold: boolean } {
  if (font === 'DejaVu Serif') return { family: 'DejaVu Serif', bold: false };
  return { family: 'DejaVu Sans', bold: font === 'DejaVu Sans Bold' };
}

/** #rrggbb as an opaque ASS colour (&H00BBGGRR). */
export function assColour(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => hex.slice(i, i + 2).toUpperCase());
  return `&H00${b}${g}${r}`;
}

/**
 * An intro or outro card's text: centred, wrapped by libass inside tenth margins, sized to the
 * frame's short side, fading in and out over a quarter second.
 */
export function cardAss(card: Pick<BrandCardJson, 'text' | 'color'>, seconds: number, font: BrandFont, frame: { width: number; height: number }): string {
  const { family, bold } = assFont(font);
  const size = Math.max(12, Math.round(Math.min(frame.width, frame.height) * 0.08));
  const margin = Math.round(frame.width * 0.1);
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${frame.width}`,
    `PlayResY: ${frame.height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: TV.709',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Card,${family},${size},${assColour(card.color)},${assColour(card.color)},&H00000000,&H00000000,${bold ? -1 : 0},0,0,0,100,100,0,0,1,0,0,5,${margin},${margin},0,1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    `Dialogue: 0,${assTime(0)},${assTime(seconds)},Card,,0,0,0,,{\\fad(250,250)}${escapeAss(card.text)}`,
    '',
  ].join('\n');
}
