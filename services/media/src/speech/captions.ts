import type { CaptionStyle, SafeZone } from '@reelsmith/proto/http';
import { buildCues, type Cue } from './cues';
import type { TimedWord } from './reel-time';

/**
 * Captions burned into a reel: an ASS document (rendered by libass in the reel's one ffmpeg pass)
 * from the words the reel shows, on its clock. The font is DejaVu Sans (Debian's fonts-dejavu-core),
 * given to libass as a fonts directory so nothing depends on what fontconfig would pick.
 */
export const CAPTION_FONT = 'DejaVu Sans';
export const CAPTION_FONTS_DIR = '/usr/share/fonts/truetype/dejavu';

export type BurnedCaptionStyle = Exclude<CaptionStyle, 'none'>;

interface StyleLook {
  /** Characters a line at most (bigger text, shorter lines; never over CAPTION_LINE_CHARS). */
  lineChars: number;
  bold: boolean;
  /** Width of an average character of the face, in ems (what sizes the font to its lines). */
  charEm: number;
  /** Outline and shadow, as shares of the font size. */
  outline: number;
  shadow: number;
  primary: string;
  outlineColour: string;
  back: string;
}

// ASS colours are &HAABBGGRR (alpha 00 = opaque).
const WHITE = '&H00FFFFFF';
const HIGHLIGHT = '&H0000E5FF'; // yellow
const LOOKS: Record<BurnedCaptionStyle, StyleLook> = {
  clean: { lineChars: 42, bold: false, charEm: 0.56, outline: 0.05, shadow: 0.04, primary: WHITE, outlineColour: '&H60000000', back: '&H80000000' },
  bold: { lineChars: 24, bold: true, charEm: 0.64, outline: 0.12, shadow: 0.03, primary: WHITE, outlineColour: '&H00000000', back: '&H80000000' },
  karaoke: { lineChars: 30, bold: true, charEm: 0.64, outline: 0.09, shadow: 0.03, primary: WHITE, outlineColour: '&H00000000', back: '&H80000000' },
};

/**
 * Where captions may go, as shares of the frame kept clear on each edge (9:16: the platforms' own
 * buttons and texts cover the rest). A reel made for a platform takes its safe zone
 * (PLATFORM_SPECS of proto/src/http/reel-targets.ts); any other, one of these by its shape.
 */
export type SafeArea = SafeZone;
/** TikTok, Reels and Shorts keep the bottom fifth, the top eighth and the sides for their own overlays. */
export const VERTICAL_SAFE_AREA: SafeArea = { bottom: 0.2, top: 0.12, left: 0.06, right: 0.06 };
/** A usual lower third: captions sit above the bottom tenth, inside title-safe sides. */
export const WIDE_SAFE_AREA: SafeArea = { bottom: 0.08, top: 0.1, left: 0.1, right: 0.1 };

export interface CaptionFrame {
  width: number;
  height: number;
}

export const safeAreaOf = ({ width, height }: CaptionFrame, zone?: SafeZone): SafeArea => zone ?? (height > width ? VERTICAL_SAFE_AREA : WIDE_SAFE_AREA);

/** The caption font's size in pixels: a full line fits inside the safe width, and never larger than a share of the height. */
export function fontSize(style: BurnedCaptionStyle, frame: CaptionFrame, zone?: SafeZone): number {
  const look = LOOKS[style];
  const area = safeAreaOf(frame, zone);
  const width = frame.width * (1 - area.left - area.right) - 2 * frame.width * 0.01;
  const byWidth = width / (look.lineChars * look.charEm);
  const byHeight = frame.height * (frame.height > frame.width ? 0.045 : 0.065);
  return Math.max(10, Math.floor(Math.min(byWidth, byHeight)));
}

/** The characters of a line for this style: what buildCues breaks on. */
export const lineCharsOf = (style: BurnedCaptionStyle) => LOOKS[style].lineChars;

/** A brand kit's say in the captions: the text's colour (an ASS colour, &H00BBGGRR) and its face. */
export interface CaptionBrand {
  primary: string;
  family: string;
  bold: boolean;
}

/**
 * The ASS document of a reel's captions (words on the reel's clock), for a frame of this size,
 * inside the platform's safe zone when the reel is made for one, in the brand kit's colour and face.
 */
export function captionsAss(words: readonly TimedWord[], style: BurnedCaptionStyle, frame: CaptionFrame, zone?: SafeZone, brand?: CaptionBrand): string {
  const cues = buildCues(words, lineCharsOf(style));
  const primary = brand?.primary ?? LOOKS[style].primary;
  const events = cues.flatMap((cue) => (style === 'karaoke' ? karaokeEvents(cue, primary) : [dialogue(cue.start, cue.end, cueText(cue))]));
  return [...header(style, frame, zone, brand), ...events, ''].join('\n');
}

function header(style: BurnedCaptionStyle, frame: CaptionFrame, zone?: SafeZone, brand?: CaptionBrand): string[] {
  const look = brand ? { ...LOOKS[style], primary: brand.primary, bold: LOOKS[style].bold || brand.bold } : LOOKS[style];
  const family = brand?.family ?? CAPTION_FONT;
  const area = safeAreaOf(frame, zone);
  const size = fontSize(style, frame, zone);
  const px = (share: number) => Math.max(0, Math.round(share * size * 10) / 10);
  const marginLeft = Math.round(frame.width * area.left);
  const marginRight = Math.round(frame.width * area.right);
  const marginBottom = Math.round(frame.height * area.bottom);
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${frame.width}`,
    `PlayResY: ${frame.height}`,
    // Lines are broken here (buildCues), never by libass.
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: TV.709',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Caption,${family},${size},${look.primary},${HIGHLIGHT},${look.outlineColour},${look.back},${look.bold ? -1 : 0},0,0,0,100,100,0,0,1,${px(look.outline)},${px(look.shadow)},2,${marginLeft},${marginRight},${marginBottom},1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  ];
}

/** The current word in the highlight colour: one event per word, from its start to the next word's. */
function karaokeEvents(cue: Cue, primary: string): string[] {
  const words = cue.lines.flat();
  return words.map((word, i) => {
    const until = i + 1 < words.length ? words[i + 1].start : cue.end;
    let k = 0;
    const text = cue.lines
      .map((line) => line.map((w) => (k++ === i ? `{\\c${HIGHLIGHT}}${escapeAss(w.text)}{\\c${primary}}` : escapeAss(w.text))).join(' '))
      .join('\\N');
    return dialogue(i === 0 ? cue.start : word.start, Math.max(until, word.start + 0.01), text);
  });
}

const cueText = (cue: Cue) => cue.lines.map((line) => line.map((w) => escapeAss(w.text)).join(' ')).join('\\N');

const dialogue = (start: number, end: number, text: string) => `Dialogue: 0,${assTime(start)},${assTime(end)},Caption,,0,0,0,,${text}`;

/** h:mm:ss.cc, as ASS times are written. */
export function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const c = cs % 100;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(c).padStart(2, '0')}`;
}

/**
 * A word as text libass shows as written: braces would open override blocks and a backslash
 * before N, n or h would break the line, so they are escaped; line breaks in a word become spaces.
 */
export function escapeAss(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .replace(/\\/g, '\\\u2060')
    .replace(/[{}]/g, (c) => `\\${c}`);
}
