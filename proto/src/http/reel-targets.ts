/**
 * Where a reel is going and what must (or must not) be in it: platform presets, several lengths
 * from one generate, and the ranges a creator marks before generating. One contract for the gateway
 * (which checks the shape), the media service (which checks them against the video and renders) and
 * the web (which offers them).
 */

/** Every picture shape a reel or export can have. */
export const REEL_ASPECTS = ['16:9', '9:16', '1:1', '4:5'] as const;
export type ReelAspectName = (typeof REEL_ASPECTS)[number];

/** The lengths (seconds) a reel can aim at; `targetLength` takes one, `lengths` up to MAX_LENGTHS. */
export const REEL_LENGTHS = [15, 30, 60, 90] as const;
export const MAX_LENGTHS = 4;

export const PLATFORMS = ['tiktok', 'reels', 'shorts', 'youtube', 'square', 'portrait'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Fractions of the frame the platform's own buttons and texts cover: captions stay inside the rest. */
export interface SafeZone {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface PlatformSpec {
  id: Platform;
  label: string;
  aspect: ReelAspectName;
  /** The longest reel made for it, in seconds; a longer length asked for is a 400. */
  maxSeconds: number;
  safeZone: SafeZone;
}

const VERTICAL_APP: SafeZone = { top: 0.12, bottom: 0.2, left: 0.06, right: 0.12 };
const FULL_FRAME: SafeZone = { top: 0.06, bottom: 0.1, left: 0.06, right: 0.06 };

export const PLATFORM_SPECS: Record<Platform, PlatformSpec> = {
  tiktok: { id: 'tiktok', label: 'TikTok', aspect: '9:16', maxSeconds: 60, safeZone: { ...VERTICAL_APP, bottom: 0.22 } },
  reels: { id: 'reels', label: 'Instagram Reels', aspect: '9:16', maxSeconds: 60, safeZone: { ...VERTICAL_APP, bottom: 0.22 } },
  shorts: { id: 'shorts', label: 'YouTube Shorts', aspect: '9:16', maxSeconds: 60, safeZone: VERTICAL_APP },
  youtube: { id: 'youtube', label: 'YouTube', aspect: '16:9', maxSeconds: 90, safeZone: FULL_FRAME },
  square: { id: 'square', label: 'Feed square', aspect: '1:1', maxSeconds: 60, safeZone: FULL_FRAME },
  portrait: { id: 'portrait', label: 'Feed portrait', aspect: '4:5', maxSeconds: 60, safeZone: FULL_FRAME },
};

/** A stretch of the source video, in seconds. */
export interface TimeRange {
  start: number;
  end: number;
}

/** include / exclude on generate: at most this many ranges each (100 is a 400). */
export const MAX_MARKED_RANGES = 20;

/** The reason a moment holds because the creator marked its range (include on generate). */
export const YOUR_PICK = 'your pick';
