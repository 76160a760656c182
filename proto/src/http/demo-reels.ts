/**
 * The sample reels of /demo and the sign-in page, as the gateway serves them: a folder at
 * DEMO_REELS_PATH holding the MP4s, their posters and DEMO_REELS_MANIFEST, a list of
 * DemoReelJson (empty until the first reel is made). Written by the media service's maker
 * (services/media/src/demo-reels), read by the web app (`@reelsmith/proto/http/demo-reels`).
 */
export const DEMO_REELS_PATH = '/demo-reels';
export const DEMO_REELS_MANIFEST = 'index.json';

export interface DemoReelJson {
  slug: string;
  /** Which demo of /demo it shows (sport, wedding, business, travel). */
  kind: string;
  title: string;
  durationSeconds: number;
  credit: string;
  /** Same-origin path of the MP4: DEMO_REELS_PATH/<slug>.mp4. */
  video: string;
  /** Same-origin path of its poster: DEMO_REELS_PATH/<slug>.jpg. */
  poster: string;
}
