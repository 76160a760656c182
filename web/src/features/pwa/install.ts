/**
 * The install prompt's rules: offer Add to Home Screen when the browser
 * fires beforeinstallprompt; on iOS, which has no such event, tell how to do it in Safari. Never
 * when the app already runs installed, and never again once dismissed.
 */
export const INSTALL_DISMISSED_KEY = 'reelsmith.installPromptDismissed';
export const IOS_INSTALL_HINT = 'To install Reelsmith, tap Share then Add to Home Screen in Safari.';

export type InstallOffer = 'prompt' | 'ios' | null;

export function isIos(userAgent: string, maxTouchPoints = 0): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1);
}

export function installOffer({
  hasPromptEvent,
  userAgent,
  maxTouchPoints,
  standalone,
  dismissed,
}: {
  hasPromptEvent: boolean;
  userAgent: string;
  maxTouchPoints: number;
  standalone: boolean;
  dismissed: boolean;
}): InstallOffer {
  if (standalone || dismissed) return null;
  if (hasPromptEvent) return 'prompt';
  return isIos(userAgent, maxTouchPoints) ? 'ios' : null;
}
