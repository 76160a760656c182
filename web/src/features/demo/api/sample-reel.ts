/**
 * The sample reels made by the engine, listed in /demo-reels/index.json (deployed beside the web
 * app): an array of {slug, title, durationSeconds, credit, video, poster}.
 */
export interface SampleReel {
  slug: string;
  title: string;
  durationSeconds: number;
  credit: string;
  /** Same-origin path of the MP4, e.g. /demo-reels/<slug>.mp4. */
  video: string;
  /** Same-origin path of its poster, e.g. /demo-reels/<slug>.jpg. */
  poster: string;
}

export const SAMPLE_REELS_MANIFEST = '/demo-reels/index.json';
export const SAMPLE_REEL_QUERY_KEY = [SAMPLE_REELS_MANIFEST] as const;

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isOwnPath = (value: unknown): value is string => isText(value) && value.startsWith('/') && !value.startsWith('//');

/** The manifest's first reel, or null when the answer is not a list starting with a complete reel. */
export function firstSampleReel(manifest: unknown): SampleReel | null {
  const first: unknown = Array.isArray(manifest) ? manifest[0] : undefined;
  if (!first || typeof first !== 'object') return null;
  const reel = first as Record<string, unknown>;
  const complete =
    isText(reel.slug) &&
    isText(reel.title) &&
    typeof reel.durationSeconds === 'number' &&
    reel.durationSeconds > 0 &&
    typeof reel.credit === 'string' &&
    isOwnPath(reel.video) &&
    isOwnPath(reel.poster);
  return complete ? (reel as unknown as SampleReel) : null;
}

/**
 * The first sample reel, or null when there is none: no manifest yet, offline, or not JSON. Asked
 * with the browser's default Accept: while no manifest is deployed the gateway answers with the
 * app's page (200, not JSON), which costs no error line in the console as a 404 would on every visit.
 */
export async function fetchSampleReel(): Promise<SampleReel | null> {
  try {
    const res = await fetch(SAMPLE_REELS_MANIFEST);
    if (!res.ok || !res.headers.get('content-type')?.includes('json')) return null;
    return firstSampleReel(await res.json());
  } catch {
    return null;
  }
}
