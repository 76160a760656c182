import {
  CAPTION_STYLES,
  MAX_INCLUDE_WORD_CHARS,
  MAX_INCLUDE_WORDS,
  MAX_LENGTHS,
  PLATFORM_SPECS,
  PLATFORMS,
  type CaptionStyle,
  type Platform,
  type TimeRange,
} from '@reelsmith/proto/http';
import type { Aspect, GenerateOptions, Preset, Quality, ReelFormat, TargetLength } from '../types';

/** The choices the API accepts (POST generate-highlights, PUT moments, POST exports), in display order. */

export const PRESETS: ReadonlyArray<{ value: Preset; label: string; hint: string }> = [
  { value: 'auto', label: 'Auto', hint: 'Let AI decide what matters' },
  { value: 'sport', label: 'Sport', hint: 'Action, crowd roars, fast cuts' },
  { value: 'wedding', label: 'Wedding', hint: 'Speeches, applause, music' },
  { value: 'business', label: 'Business', hint: 'Speech and applause' },
  { value: 'travel', label: 'Travel', hint: 'Scenery and movement' },
];

export const TARGET_LENGTHS: readonly TargetLength[] = [15, 30, 60, 90];

export const ASPECTS: ReadonlyArray<{ value: Aspect; label: string; hint: string }> = [
  { value: '16:9', label: '16:9', hint: 'Landscape' },
  { value: '9:16', label: '9:16', hint: 'Vertical' },
  { value: '1:1', label: '1:1', hint: 'Square' },
  { value: '4:5', label: '4:5', hint: 'Portrait' },
];

/** Where a reel is going (PLATFORM_SPECS): each sets the aspect and the longest length. */
export const PLATFORM_CHOICES: ReadonlyArray<{ value: Platform; label: string; hint: string }> = PLATFORMS.map((id) => {
  const spec = PLATFORM_SPECS[id];
  const label = id === 'reels' ? 'Reels' : id === 'shorts' ? 'Shorts' : spec.label;
  return { value: id, label, hint: `${spec.aspect}, up to ${spec.maxSeconds} s` };
});

export const isPlatform = (value: unknown): value is Platform => (PLATFORMS as readonly unknown[]).includes(value);

/** The lengths a platform takes (every length without one). */
export const lengthsFor = (platform: Platform | null | undefined): TargetLength[] =>
  TARGET_LENGTHS.filter((n) => !isPlatform(platform) || n <= PLATFORM_SPECS[platform].maxSeconds);

/**
 * The lengths chosen (several make one reel each), in the order of TARGET_LENGTHS, without those
 * the platform does not take, at most MAX_LENGTHS; never none (then the longest it takes, up to 30 s).
 */
export function chosenLengths(options: Pick<GenerateOptions, 'targetLength' | 'lengths' | 'platform'>): TargetLength[] {
  const allowed = lengthsFor(options.platform);
  const asked = options.lengths?.length ? options.lengths : [options.targetLength];
  const kept = allowed.filter((n) => asked.includes(n)).slice(0, MAX_LENGTHS);
  return kept.length ? kept : [allowed.includes(30) ? 30 : allowed[allowed.length - 1]];
}

/** The options with a length chip turned on or off (the last one stays on). */
export function toggleLength(options: GenerateOptions, length: TargetLength): GenerateOptions {
  const current = chosenLengths(options);
  const next = current.includes(length) ? current.filter((n) => n !== length) : [...current, length];
  const lengths = chosenLengths({ ...options, lengths: next.length ? next : current });
  return { ...options, lengths, targetLength: lengths[0] };
}

/** The options for another platform (null: Custom): its aspect, and only the lengths it takes. */
export function withPlatform(options: GenerateOptions, platform: Platform | null): GenerateOptions {
  const aspect = platform ? PLATFORM_SPECS[platform].aspect : options.aspect;
  const lengths = chosenLengths({ ...options, platform });
  return { ...options, platform, aspect, lengths, targetLength: lengths[0] };
}

export const QUALITIES: ReadonlyArray<{ value: Quality; label: string; hint?: string }> = [
  { value: '1080p', label: '1080p', hint: 'Recommended' },
  { value: '720p', label: '720p' },
  { value: '480p', label: '480p' },
];

export const FORMATS: ReadonlyArray<{ value: ReelFormat; label: string }> = [
  { value: 'mp4', label: 'MP4' },
  { value: 'mov', label: 'MOV' },
  { value: 'avi', label: 'AVI' },
];

/** What a new highlight reel uses unless the creator picks otherwise (the server's defaults too). */
export const DEFAULT_GENERATE_OPTIONS: Readonly<GenerateOptions> = {
  preset: 'auto',
  targetLength: 30,
  aspect: '16:9',
  quality: '1080p',
  format: 'mp4',
};

/** Export settings of the editor: 1080p (recommended) and MP4. */
export const DEFAULT_EXPORT_QUALITY: Quality = '1080p';
export const DEFAULT_EXPORT_FORMAT: ReelFormat = 'mp4';

const values = <T extends string | number>(list: ReadonlyArray<{ value: T } | T>): T[] => list.map((item) => (typeof item === 'object' ? item.value : item));

export const isPreset = (value: unknown): value is Preset => values(PRESETS).includes(value as Preset);
export const isTargetLength = (value: unknown): value is TargetLength => TARGET_LENGTHS.includes(value as TargetLength);
export const isAspect = (value: unknown): value is Aspect => values(ASPECTS).includes(value as Aspect);
export const isQuality = (value: unknown): value is Quality => values(QUALITIES).includes(value as Quality);
export const isCaptionStyle = (value: unknown): value is CaptionStyle => CAPTION_STYLES.includes(value as CaptionStyle);
export const isFormat = (value: unknown): value is ReelFormat => values(FORMATS).includes(value as ReelFormat);

/**
 * The request body for generate-highlights: the defaults for anything missing or unknown, and the
 * music track only when one is chosen (the server 404s an unknown id).
 */
export function generateBody(options: Partial<GenerateOptions> = {}): GenerateOptions {
  const body: GenerateOptions = {
    preset: isPreset(options.preset) ? options.preset : DEFAULT_GENERATE_OPTIONS.preset,
    targetLength: isTargetLength(options.targetLength) ? options.targetLength : DEFAULT_GENERATE_OPTIONS.targetLength,
    aspect: isAspect(options.aspect) ? options.aspect : DEFAULT_GENERATE_OPTIONS.aspect,
    quality: isQuality(options.quality) ? options.quality : DEFAULT_GENERATE_OPTIONS.quality,
    format: isFormat(options.format) ? options.format : DEFAULT_GENERATE_OPTIONS.format,
  };
  if (isPlatform(options.platform)) {
    body.platform = options.platform;
    body.aspect = PLATFORM_SPECS[options.platform].aspect;
  }
  const lengths = chosenLengths({ ...body, lengths: (options.lengths ?? []).filter(isTargetLength) });
  body.targetLength = lengths[0];
  if (lengths.length > 1) body.lengths = lengths;
  if (options.fillToLength === true) body.fillToLength = true;
  if (isCaptionStyle(options.captions)) body.captions = options.captions;
  const includeWords = (options.includeWords ?? [])
    .map((w) => w.trim())
    .filter((w) => w && w.length <= MAX_INCLUDE_WORD_CHARS)
    .slice(0, MAX_INCLUDE_WORDS);
  if (includeWords.length) body.includeWords = includeWords;
  const music = options.musicTrackId?.trim();
  if (music) body.musicTrackId = music;
  // The ranges marked on the timeline (the server checks them against the video).
  const include = timeRanges(options.include);
  const exclude = timeRanges(options.exclude);
  if (include.length) body.include = include;
  if (exclude.length) body.exclude = exclude;
  // Left out, the server applies the user's brand kit when there is one.
  if (typeof options.brandKit === 'boolean') body.brandKit = options.brandKit;
  return body;
}

type LooseRange = { start?: number | null; end?: number | null };
const timeRanges = (list?: readonly LooseRange[] | null): TimeRange[] =>
  (list ?? []).flatMap((r) => (typeof r.start === 'number' && typeof r.end === 'number' ? [{ start: r.start, end: r.end }] : []));

export const platformLabel = (value: string) => PLATFORM_CHOICES.find((p) => p.value === value)?.label ?? value;
export const presetLabel = (value: string) => PRESETS.find((p) => p.value === value)?.label ?? value;
export const presetHint = (value: string) => PRESETS.find((p) => p.value === value)?.hint ?? '';
export const formatLabel = (value: string) => FORMATS.find((f) => f.value === value)?.label ?? value.toUpperCase();

type QualityFacts = { quality: string; renderedQuality?: string | null };

/** The quality the reel or export file has: what the server rendered, else (older reels) what was chosen. */
export const fileQuality = (h: QualityFacts): string => h.renderedQuality || h.quality;

/** The file is below the chosen quality: the video could not fill it (reels are never upscaled). */
export const qualityLowered = (h: QualityFacts): boolean => !!h.renderedQuality && h.renderedQuality !== h.quality;

/** '1080p', or '720p — your video's own resolution' when the chosen 1080p could not be filled. */
export function qualityLabel(h: QualityFacts): string {
  return qualityLowered(h) ? `${h.renderedQuality} — your video's own resolution` : fileQuality(h);
}

/** Why a file is below the quality chosen (for a tooltip), or null when it is not. */
export function qualityNote(h: QualityFacts): string | null {
  return qualityLowered(h) ? `${h.quality} was chosen; a reel is never made larger than the video it comes from.` : null;
}

/** '480p MP4 · 16:9'; '720p — your video's own resolution · MP4 · 16:9' when the chosen quality could not be filled. */
export function renderSummary(h: QualityFacts & { format: string; aspect?: string }): string {
  const aspect = h.aspect ? ` · ${h.aspect}` : '';
  if (qualityLowered(h)) return `${qualityLabel(h)} · ${formatLabel(h.format)}${aspect}`;
  return [h.quality, formatLabel(h.format)].filter(Boolean).join(' ') + aspect;
}
