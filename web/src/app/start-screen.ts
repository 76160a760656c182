/**
 * What the first screen of a page load will be, known before React starts: the entry (main.tsx)
 * fetches that screen's code beside the app's own, and the app asks for its data beside the
 * auth check, instead of one after the other. Pure (unit-tested in start-screen.spec.ts).
 */
import { BILLING_QUERY_KEY, CURRENT_USER_QUERY_KEY, VIDEOS_QUERY_KEY } from '../config/constants';

export const MOBILE_PATH = '/mobile';

export const isMobilePath = (pathname: string) => pathname === MOBILE_PATH || pathname.startsWith(`${MOBILE_PATH}/`);

/** Desktop routes whose screen the phone app has too (the rest land on /mobile's library). */
const PHONE_EQUIVALENT = new Map([
  ['/upload', `${MOBILE_PATH}/upload`],
  ['/pricing', `${MOBILE_PATH}/subscribe`],
  ['/subscribe', `${MOBILE_PATH}/subscribe`],
]);

/** A video's page (the link of a "reel ready" e-mail, opened on a phone). */
const VIDEO_PAGE = /^\/video\/([^/]+)\/?$/;

/**
 * Where a phone on a desktop path goes: the same screen of the phone app (the installed app's
 * shortcuts and share target, the plans a refused upload leads to, a video's page), else the library.
 */
export function phonePathFor(pathname: string): string {
  const video = VIDEO_PAGE.exec(pathname);
  if (video) return `${MOBILE_PATH}/video/${video[1]}`;
  return PHONE_EQUIVALENT.get(pathname) ?? MOBILE_PATH;
}

/** The URL a phone on a desktop URL is sent to: the query (the plan, a shared file) goes with the screens the phone app has too. */
export function phoneUrlFor(pathname: string, search: string): string {
  const to = phonePathFor(pathname);
  return to === MOBILE_PATH ? to : `${to}${search}`;
}

/**
 * signed-out: the sign-in page (in the app's own chunk). mobile: the phone app (phones and tablets
 * are sent there from anywhere). dashboard / library: the desktop dashboard, My Videos. page: another desktop page.
 */
export type StartScreen = 'signed-out' | 'mobile' | 'dashboard' | 'library' | 'page';

export function startScreen({ pathname, signedIn, phone }: { pathname: string; signedIn: boolean; phone: boolean }): StartScreen {
  if (!signedIn) return 'signed-out';
  if (phone || isMobilePath(pathname)) return 'mobile';
  if (pathname === '/' || pathname === '/dashboard') return 'dashboard';
  if (pathname === '/videos') return 'library';
  return 'page';
}

/** The first screen shows the videos list (the phone's library, the dashboard's recent videos, My Videos). */
export function showsVideos(screen: StartScreen, pathname: string): boolean {
  if (screen === 'dashboard' || screen === 'library') return true;
  if (screen !== 'mobile') return false;
  const phonePath = isMobilePath(pathname) ? pathname : phonePathFor(pathname);
  return phonePath === MOBILE_PATH || phonePath === `${MOBILE_PATH}/`;
}

/**
 * The GETs the first screen starts with: the auth check and the plan (the sidebar's label, the
 * phone's plan notice) when signed in, and the videos where it lists them.
 */
export function startRequests(screen: StartScreen, pathname: string): string[] {
  if (screen === 'signed-out') return [];
  return [CURRENT_USER_QUERY_KEY[0], BILLING_QUERY_KEY[0], ...(showsVideos(screen, pathname) ? [VIDEOS_QUERY_KEY[0]] : [])];
}

/** The id of index.html's list of each first screen's chunks: `{ "mobile": ["/assets/..."], ... }`. */
export const START_CHUNKS_ID = 'start-chunks';

/** Adds a modulepreload link for each chunk of the first screen (none when unlisted). */
export function preloadStartChunks(screen: StartScreen): void {
  let files: string[];
  try {
    const lists = JSON.parse(document.getElementById(START_CHUNKS_ID)?.textContent || '{}') as Partial<Record<StartScreen, string[]>>;
    files = lists[screen] ?? [];
  } catch {
    return;
  }
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
