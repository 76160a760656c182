import { DEMO_REELS_MANIFEST, DEMO_REELS_PATH, type DemoReelJson } from '@reelsmith/proto/http/demo-reels';

/**
 * A sample reel made by the engine, as the gateway lists it (an empty list until they are made).
 * `kind` is not required to play it: without one the reel still plays on the sign-in page.
 */
export type SampleReel = Omit<DemoReelJson, 'kind'> & { kind?: string };

export const SAMPLE_REELS_MANIFEST = `${DEMO_REELS_PATH}/${DEMO_REELS_MANIFEST}`;
export const SAMPLE_REELS_QUERY_KEY = [SAMPLE_REELS_MANIFEST] as const;

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isOwnPath = (value: unknown): value is string => isText(value) && value.startsWith('/') && !value.startsWith('//');

function isComplete(value: unknown): value is SampleReel {
  if (!value || typeof value !== 'object') return false;
  const reel = value as Record<string, unknown>;
  return (
    isText(reel.slug) &&
    isText(reel.title) &&
    typeof reel.durationSeconds === 'number' &&
    reel.durationSeconds > 0 &&
    typeof reel.credit === 'string' &&
    isOwnPath(reel.video) &&
    isOwnPath(reel.poster)
  );
}

/** The complete reels of a manifest, in its order; none when the answer is not a list. */
export function sampleReels(manifest: unknown): SampleReel[] {
  return Array.isArray(manifest) ? manifest.filter(isComplete) : [];
}

/** The manifest's first reel, or null when the answer is not a list starting with a complete reel. */
export function firstSampleReel(manifest: unknown): SampleReel | null {
  const first: unknown = Array.isArray(manifest) ? manifest[0] : undefined;
  return isComplete(first) ? first : null;
}

/** The sample reels; none while they are being made, offline, or when the answer is not JSON. */
export async function fetchSampleReels(): Promise<SampleReel[]> {
  try {
    const res = await fetch(SAMPLE_REELS_MANIFEST);
    if (!res.ok || !res.headers.get('content-type')?.includes('json')) return [];
    return sampleReels(await res.json());
  } catch {
    return [];
  }
}
