import { RpcFailure } from '@reelsmith/kit';
import { MAX_LENGTHS, PLATFORM_SPECS, PLATFORMS, type Platform, type PlatformSpec, REEL_LENGTHS } from '@reelsmith/proto/http';
import type { ReelAspect } from './ffmpeg/args';
import { checkTargetLength } from './render-options';

/** What one generate makes: the platform (or none), and one reel per length, in the order asked. */
export interface ReelTargets {
  platform: PlatformSpec | null;
  lengths: number[];
}

export const isPlatform = (value: string): value is Platform => (PLATFORMS as readonly string[]).includes(value);

/** The platform preset named on generate; '' is none, anything else unknown is a 400. */
export function checkPlatform(value: string): PlatformSpec | null {
  const id = value.trim().toLowerCase();
  if (!id) return null;
  if (!isPlatform(id)) throw RpcFailure.invalid(`Platform must be one of ${PLATFORMS.join(', ')}.`);
  return PLATFORM_SPECS[id];
}

/**
 * The lengths of the reels to make: `lengths` (at most MAX_LENGTHS of REEL_LENGTHS, repeats
 * dropped) or else `targetLength` alone; none above the platform's longest (TikTok takes 60 s).
 */
export function checkLengths(targetLength: number, lengths: readonly number[], platform: PlatformSpec | null): number[] {
  const asked = lengths.length > 0 ? [...new Set(lengths)] : [checkTargetLength(targetLength)];
  if (asked.length > MAX_LENGTHS || asked.some((n) => !(REEL_LENGTHS as readonly number[]).includes(n))) {
    throw RpcFailure.invalid(`lengths must be a list of at most ${MAX_LENGTHS} of ${REEL_LENGTHS.join(', ')} seconds`);
  }
  if (lengths.length > 0 && targetLength && !asked.includes(targetLength)) {
    throw RpcFailure.invalid('targetLength must be one of lengths, or left out when lengths are given.');
  }
  const tooLong = platform ? asked.filter((n) => n > platform.maxSeconds) : [];
  if (platform && tooLong.length > 0) {
    throw RpcFailure.invalid(`${platform.label} takes reels of at most ${platform.maxSeconds} seconds; ${tooLong.join(' and ')} s is too long for it.`);
  }
  return asked;
}

/** The platform sets the aspect: one asked for besides must be the same (a 16:9 TikTok is a 400). */
export function platformAspect(platform: PlatformSpec | null, asked: string): ReelAspect | '' {
  if (!platform) return '';
  if (asked && asked !== platform.aspect) {
    throw RpcFailure.invalid(`${platform.label} reels are ${platform.aspect}; leave aspect out or choose another platform.`);
  }
  return platform.aspect;
}

/** The platform and lengths of a generate request, checked together. */
export function checkTargets(request: { platform: string; targetLength: number; lengths: readonly number[] }): ReelTargets {
  const platform = checkPlatform(request.platform);
  return { platform, lengths: checkLengths(request.targetLength, request.lengths, platform) };
}
