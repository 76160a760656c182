import { ErrorCode, RpcFailure } from '@reelsmith/kit';
import type { mediaV1 } from '@reelsmith/proto';
import { CAPTION_STYLES, type CaptionStyle, REEL_ASPECTS } from '@reelsmith/proto/http';
import { PRESETS, type Preset } from './analysis/scoring';
import { TARGET_LENGTHS } from './analysis/selection';
import type { StoredMoment } from './entities/highlight.entity';
import type { ReelAspect, ReelFormat, ReelQuality } from './ffmpeg/args';

export const QUALITIES: ReelQuality[] = ['1080p', '720p', '480p'];
export const FORMATS: ReelFormat[] = ['mp4', 'mov', 'avi'];
export const ASPECTS: ReelAspect[] = [...REEL_ASPECTS];
const MAX_MOMENTS = 30;
const MAX_REEL_SECONDS = 300;
const MIN_MOMENT_SECONDS = 1;

export interface CheckedRender {
  quality: ReelQuality;
  format: ReelFormat;
  aspect: ReelAspect;
  musicTrackId: string;
  captions: CaptionStyle;
}

function oneOf<T extends string>(value: string, allowed: readonly T[], fallback: T, what: string): T {
  if (!value) return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw RpcFailure.invalid(`${what} must be one of ${allowed.join(', ')}.`);
  return value as T;
}

/**
 * Render choices with their defaults (1080p, mp4, 16:9, no music, no captions), or those of `base`
 * (the reel being re-rendered, or a new reel's defaults) where a field is empty; anything else is a 400.
 */
export function checkRender(options: mediaV1.RenderOptions | undefined, base?: Partial<CheckedRender>): CheckedRender {
  return {
    quality: oneOf(options?.quality ?? '', QUALITIES, base?.quality ?? '1080p', 'Quality'),
    format: oneOf(options?.format ?? '', FORMATS, base?.format ?? 'mp4', 'Format'),
    aspect: oneOf(options?.aspect ?? '', ASPECTS, base?.aspect ?? '16:9', 'Aspect'),
    musicTrackId: options?.noMusic ? '' : (options?.musicTrackId ?? '').trim() || (base?.musicTrackId ?? ''),
    captions: checkCaptions(options?.captions ?? '', base?.captions ?? 'none'),
  };
}

export function checkCaptions(value: string, fallback: CaptionStyle): CaptionStyle {
  const style = value.trim().toLowerCase();
  if (!style) return fallback;
  if (!(CAPTION_STYLES as readonly string[]).includes(style)) throw RpcFailure.invalid(`Unknown caption style: ${value}. Use none, clean, bold or karaoke.`);
  return style as CaptionStyle;
}

/** Captions need sound to come from: asked of a silent video, nothing is made. */
export function checkCaptionsHaveSound(captions: CaptionStyle, hasAudio: boolean): void {
  if (captions !== 'none' && !hasAudio) throw new RpcFailure(ErrorCode.UNPROCESSABLE, 'This video has no sound, so there is nothing to caption.');
}

export function checkPreset(preset: string): Preset {
  return oneOf(preset, PRESETS, 'auto', 'Preset');
}

export function checkTargetLength(target: number): number {
  if (!target) return 30;
  if (!(TARGET_LENGTHS as readonly number[]).includes(target)) throw RpcFailure.invalid(`Target length must be one of ${TARGET_LENGTHS.join(', ')} seconds.`);
  return target;
}

/** Moments a creator edited: inside the video, at least a second each, in order, not overlapping. */
export function checkEditedMoments(moments: mediaV1.Moment[], duration: number): StoredMoment[] {
  if (moments.length === 0) throw RpcFailure.invalid('Keep at least one moment.');
  if (moments.length > MAX_MOMENTS) throw RpcFailure.invalid(`A reel can have at most ${MAX_MOMENTS} moments.`);
  const sorted = [...moments].sort((a, b) => a.start - b.start);
  let total = 0;
  sorted.forEach((m, i) => {
    if (!Number.isFinite(m.start) || !Number.isFinite(m.end) || m.start < 0 || m.end > duration + 0.05) {
      throw RpcFailure.invalid('Every moment must lie within the video.');
    }
    if (m.end - m.start < MIN_MOMENT_SECONDS) throw RpcFailure.invalid('Every moment must be at least 1 second long.');
    if (i > 0 && m.start < sorted[i - 1].end) throw RpcFailure.invalid('Moments must not overlap.');
    total += m.end - m.start;
  });
  if (total > MAX_REEL_SECONDS) throw RpcFailure.invalid(`A reel can be at most ${MAX_REEL_SECONDS / 60} minutes long.`);
  return sorted.map((m) => ({ start: m.start, end: Math.min(m.end, duration), score: Math.max(0, Math.min(1, m.score || 0)), reasons: [...m.reasons] }));
}

/** The reason given to a moment a creator added where the original reel had none. */
export const MANUAL_PICK = 'manual pick';

/**
 * Edited moments keep what the engine knew of them: one sent without reasons (a nudged edge from an
 * API client, a moment added by hand) takes the reasons and best score of the original moments it
 * overlaps, or the timeline's mean score over its span and 'manual pick' when it overlaps none.
 */
export function inheritMoments(edited: StoredMoment[], original: StoredMoment[], timeline: number[]): StoredMoment[] {
  return edited.map((m) => {
    if (m.reasons.length > 0) return m;
    const overlapped = original.filter((o) => Math.min(o.end, m.end) - Math.max(o.start, m.start) > 0);
    if (overlapped.length === 0) return { ...m, score: m.score || meanScore(timeline, m), reasons: [MANUAL_PICK] };
    const reasons = [...new Set(overlapped.flatMap((o) => o.reasons))];
    return { ...m, score: m.score || Math.max(...overlapped.map((o) => o.score)), reasons: reasons.length ? reasons : [MANUAL_PICK] };
  });
}

/** Mean of the per-second score over a moment's span (0 without a timeline). */
function meanScore(timeline: number[], m: Pick<StoredMoment, 'start' | 'end'>): number {
  const seconds = timeline.slice(Math.floor(m.start), Math.max(Math.floor(m.start) + 1, Math.ceil(m.end)));
  return seconds.length ? Math.round((seconds.reduce((sum, v) => sum + v, 0) / seconds.length) * 100) / 100 : 0;
}
