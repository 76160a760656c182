import { z } from 'zod/v4';
import { fieldsOf } from './fields';

/**
 * A creator's brand kit: a logo laid over the reel, intro and outro cards, the captions' colour and
 * the font of cards and captions. One kit per user; the media service stores it and renders it into
 * the reel's single ffmpeg pass. The gateway checks bodies with these; the web shows the same limits.
 */

export const LOGO_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type LogoPosition = (typeof LOGO_POSITIONS)[number];

/** The fonts we ship (Debian's fonts-dejavu-core): cards and captions use the one chosen. */
export const BRAND_FONTS = ['DejaVu Sans', 'DejaVu Sans Bold', 'DejaVu Serif'] as const;
export type BrandFont = (typeof BRAND_FONTS)[number];

export const LOGO_OPACITY = { min: 0.1, max: 1 } as const;
/** The logo's width as a share of the frame's width. */
export const LOGO_SIZE = { min: 0.05, max: 0.4 } as const;
export const CARD_SECONDS = { min: 1, max: 5 } as const;
export const CARD_TEXT_MAX = 80;

/** What POST /api/user/brand-kit/logo takes: PNG or SVG, at most this many bytes and pixels a side. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MAX_PIXELS = 4096;
export const LOGO_TYPES = ['image/png', 'image/svg+xml'] as const;

export interface BrandCardJson {
  enabled: boolean;
  text: string;
  /** #rrggbb */
  background: string;
  /** #rrggbb */
  color: string;
  /** Seconds, 1..5. */
  duration: number;
}

export interface BrandLogoJson {
  /** A signed URL of the stored PNG (an SVG is rasterised once at upload); null without a logo. */
  url: string | null;
  width: number;
  height: number;
  position: LogoPosition;
  opacity: number;
  /** Its width as a share of the frame's width. */
  size: number;
}

export interface BrandKitJson {
  /** false: the user has never saved a kit; the rest are the defaults a new kit starts from. */
  saved: boolean;
  logo: BrandLogoJson;
  intro: BrandCardJson;
  outro: BrandCardJson;
  /** #rrggbb of the burned captions' text. */
  captionColor: string;
  font: BrandFont;
  updatedAt: string | null;
}

/** A new kit before it is saved. */
export const DEFAULT_BRAND_KIT: Omit<BrandKitJson, 'saved' | 'updatedAt'> = {
  logo: { url: null, width: 0, height: 0, position: 'top-right', opacity: 0.85, size: 0.15 },
  intro: { enabled: false, text: '', background: '#111827', color: '#ffffff', duration: 2 },
  outro: { enabled: false, text: '', background: '#111827', color: '#ffffff', duration: 2 },
  captionColor: '#ffffff',
  font: 'DejaVu Sans',
};

const HEX = /^#[0-9a-fA-F]{6}$/;

function colour(what: string) {
  const error = `${what} must be a colour written #rrggbb`;
  return z
    .string({ error })
    .regex(HEX, { error })
    .transform((c) => c.toLowerCase());
}

function between(what: string, { min, max }: { min: number; max: number }, unit = '') {
  const error = `${what} must be a number from ${min} to ${max}${unit}`;
  return z.number({ error }).min(min, { error }).max(max, { error });
}

/** C0 controls and DEL: a card's text is one line of words (libass would show them or break on them). */
const hasControl = (t: string) => [...t].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

function card(name: 'intro' | 'outro') {
  const textError = `${name}.text must be a text of at most ${CARD_TEXT_MAX} characters`;
  return fieldsOf(
    {
      enabled: z.boolean({ error: `${name}.enabled must be true or false` }),
      text: z
        .string({ error: textError })
        .transform((t) => t.trim())
        .refine((t) => t.length <= CARD_TEXT_MAX, { error: textError })
        .refine((t) => !hasControl(t), { error: `${name}.text cannot hold line breaks or control characters` }),
      background: colour(`${name}.background`),
      color: colour(`${name}.color`),
      duration: between(`${name}.duration`, CARD_SECONDS, ' seconds'),
    },
    name,
  ).refine((c) => !c.enabled || c.text.length > 0, { error: `${name}.text is needed when the ${name} card is on` });
}

/** PUT /api/user/brand-kit: the whole kit but the logo's file (POST .../logo sends that). */
export const brandKitBody = fieldsOf(
  {
    logo: fieldsOf(
      {
        position: z.enum(LOGO_POSITIONS, { error: `logo.position must be one of ${LOGO_POSITIONS.join(', ')}` }),
        opacity: between('logo.opacity', LOGO_OPACITY),
        size: between('logo.size', LOGO_SIZE, ' (a share of the frame width)'),
      },
      'logo',
    ),
    intro: card('intro'),
    outro: card('outro'),
    captionColor: colour('captionColor'),
    font: z.enum(BRAND_FONTS, { error: `font must be one of ${BRAND_FONTS.join(', ')}` }),
  },
  'The request body',
);

export type BrandKitInput = z.input<typeof brandKitBody>;
export type BrandKitSettings = z.output<typeof brandKitBody>;

/** What a file's first bytes say it is: a PNG, an SVG document, or neither. */
export function logoKind(head: Uint8Array): 'png' | 'svg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((b, i) => head[i] === b)) return 'png';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, 1024)).replace(/^\uFEFF/, '');
  // An XML prolog, comments or a doctype may come first; the document element must be <svg.
  const start = text.replace(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?/i, '');
  return /^<svg[\s>]/i.test(start) ? 'svg' : null;
}
