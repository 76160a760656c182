import { useEffect, useState, useSyncExternalStore } from 'react';
import { Download, RefreshCw, Share, WifiOff, X } from 'lucide-react';
import { useOnlineStatus } from '../../hooks/use-online-status';
import { useCurrentUser } from '../auth';
import { INSTALL_DISMISSED_KEY, installOffer, IOS_INSTALL_HINT } from './install';
import { applyUpdate, updateStore } from './worker';

type PromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };

// The event can fire before React mounts: keep it from the start.
let deferredPrompt: PromptEvent | null = null;
const promptListeners = new Set<() => void>();
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredPrompt = event as PromptEvent;
    promptListeners.forEach((l) => l());
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    promptListeners.forEach((l) => l());
  });
}

const readDismissed = () => {
  try {
    return window.localStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

const isStandalone = () => window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

const bar = 'flex w-full items-center gap-3 rounded-2xl border px-4 py-2.5 text-sm shadow-xs';
const action =
  'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-xl px-3 font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The install prompt, 'A new version is available - Reload', and the offline notice. */
export function PwaBanners() {
  const networkUp = useOnlineStatus();
  // navigator.onLine can say yes while nothing gets through (captive portal, a dead gateway).
  const { unreachable } = useCurrentUser();
  const online = networkUp && !unreachable;
  const update = useSyncExternalStore(updateStore.subscribe, updateStore.get, () => false);
  const [, rerender] = useState(0);
  const [dismissed, setDismissed] = useState(readDismissed);

  useEffect(() => {
    const listener = () => rerender((n) => n + 1);
    promptListeners.add(listener);
    return () => void promptListeners.delete(listener);
  }, []);

  const offer = installOffer({
    hasPromptEvent: deferredPrompt !== null,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone: isStandalone(),
    dismissed,
  });

  const dismiss = () => {
    try {
      window.localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
    } catch {
      // not remembered in private mode
    }
    setDismissed(true);
  };

  const install = async () => {
    const event = deferredPrompt;
    if (!event) return;
    await event.prompt();
    const choice = await event.userChoice.catch(() => ({ outcome: 'dismissed' }));
    deferredPrompt = null;
    if (choice.outcome !== 'accepted') dismiss();
    rerender((n) => n + 1);
  };

  if (online && !update && !offer) return null;
  return (
    <div className="grid gap-2" data-testid="pwa-banners">
      {!online && (
        <div role="status" className={`${bar} border-amber-300 bg-amber-50 text-amber-950`} data-testid="offline-notice">
          <WifiOff className="size-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 flex-1">
            <span className="font-semibold">{networkUp ? 'Reelsmith cannot be reached' : "You're offline"} — showing what was last loaded.</span> Uploads, new
            reels and playback wait for the connection.
          </p>
        </div>
      )}
      {update && (
        <div role="status" className={`${bar} border-border bg-card text-foreground`} data-testid="update-banner">
          <RefreshCw className="size-4 shrink-0 text-brand-strong" aria-hidden="true" />
          <p className="min-w-0 flex-1 font-medium">A new version is available</p>
          <button type="button" className={`${action} bg-brand-strong text-white`} onClick={applyUpdate}>
            Reload
          </button>
        </div>
      )}
      {offer && online && (
        <div role="region" aria-label="Install Reelsmith" className={`${bar} border-border bg-sidebar text-white`} data-testid="install-banner">
          {offer === 'ios' ? <Share className="size-4 shrink-0" aria-hidden="true" /> : <Download className="size-4 shrink-0" aria-hidden="true" />}
          <p className="min-w-0 flex-1">{offer === 'ios' ? IOS_INSTALL_HINT : 'Install Reelsmith on this device for quick access, even offline.'}</p>
          {offer === 'prompt' && (
            <button type="button" className={`${action} bg-brand-strong text-white`} onClick={() => void install()}>
              Add to Home Screen
            </button>
          )}
          <button type="button" aria-label="Dismiss install prompt" className={`${action} px-2 text-white/90 hover:bg-white/10`} onClick={dismiss}>
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}
