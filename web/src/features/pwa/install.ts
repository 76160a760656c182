/**
 * The install prompt's rules: offer Add to Home Screen when the browser fires beforeinstallprompt;
 * on iOS, which has no such event, tell how to do it in Safari. Never when the app already runs
 * installed, never on the first screen of a first visit (from the second page view on), and after
 * a dismissal not again for a week.
 */
export const INSTALL_PROMPT_KEY = 'reelsmith.installPrompt';
export const IOS_INSTALL_HINT = 'To install Reelsmith, tap Share then Add to Home Screen in Safari.';
/** The same, short enough for one line on a 360 px phone. */
export const IOS_INSTALL_HINT_SHORT = 'In Safari: Share › Add to Home Screen';
export const DISMISSAL_PAUSE_MS = 7 * 24 * 60 * 60 * 1000;

export type InstallOffer = 'prompt' | 'ios' | null;

/** What the browser remembers (localStorage): page views seen (counted up to 2) and the last dismissal. */
export interface InstallSchedule {
  pageViews: number;
  dismissedAt: number | null;
}

export const FIRST_VISIT: InstallSchedule = { pageViews: 0, dismissedAt: null };

export function parseSchedule(text: string | null): InstallSchedule {
  try {
    const value = JSON.parse(text ?? 'null') as Partial<InstallSchedule> | null;
    return {
      pageViews: typeof value?.pageViews === 'number' ? value.pageViews : 0,
      dismissedAt: typeof value?.dismissedAt === 'number' ? value.dismissedAt : null,
    };
  } catch {
    return FIRST_VISIT;
  }
}

export const withPageView = (s: InstallSchedule): InstallSchedule => ({ ...s, pageViews: Math.min(2, s.pageViews + 1) });
export const withDismissal = (s: InstallSchedule, now: number): InstallSchedule => ({ ...s, dismissedAt: now });

/** Not on the first page view ever, and not within a week of the last dismissal. */
export function isDue(s: InstallSchedule, now: number): boolean {
  return s.pageViews >= 2 && (s.dismissedAt === null || now - s.dismissedAt >= DISMISSAL_PAUSE_MS);
}

export function isIos(userAgent: string, maxTouchPoints = 0): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1);
}

export function installOffer({
  hasPromptEvent,
  userAgent,
  maxTouchPoints,
  standalone,
  due,
}: {
  hasPromptEvent: boolean;
  userAgent: string;
  maxTouchPoints: number;
  standalone: boolean;
  /** isDue of the schedule. */
  due: boolean;
}): InstallOffer {
  if (standalone || !due) return null;
  if (hasPromptEvent) return 'prompt';
  return isIos(userAgent, maxTouchPoints) ? 'ios' : null;
}
