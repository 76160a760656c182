import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { Download, RefreshCw, Share, WifiOff, X } from 'lucide-react';
import { useOnlineStatus } from '../../hooks/use-online-status';
import { useCurrentUser } from '../auth';
import {
  INSTALL_PROMPT_KEY,
  installOffer,
  IOS_INSTALL_HINT,
  IOS_INSTALL_HINT_SHORT,
  isDue,
  parseSchedule,
  withDismissal,
  withPageView,
  type InstallSchedule,
} from './install';
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

const readSchedule = (): InstallSchedule => {
  try {
    return parseSchedule(window.localStorage.getItem(INSTALL_PROMPT_KEY));
  } catch {
    return parseSchedule(null);
  }
};

/** Stores the changed schedule and returns it (in private mode it lasts as long as the page). */
const updateSchedule = (change: (s: InstallSchedule) => InstallSchedule): InstallSchedule => {
  const next = change(readSchedule());
  try {
    window.localStorage.setItem(INSTALL_PROMPT_KEY, JSON.stringify(next));
  } catch {
    // not remembered
  }
  return next;
};

const isStandalone = () => window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

const bar = 'flex w-full items-center gap-3 rounded-2xl border px-4 py-2.5 text-sm shadow-xs';
const action =
  'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-xl px-3 font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The install prompt, 'A new version is available - Reload', and the offline notice. */
export function PwaBanners() {
  const networkUp = useOnlineStatus();
  // navigator.onLine can say yes while nothing gets through (captive portal, a dead gateway).
  const { unreachable, nothingKept } = useCurrentUser();
  const online = networkUp && !unreachable;
  const update = useSyncExternalStore(updateStore.subscribe, updateStore.get, () => false);
  const [, rerender] = useState(0);
  const [schedule, setSchedule] = useState(readSchedule);
  const { pathname } = useLocation();

  // Each screen is a page view: the prompt waits for the second one (never the first screen of a first visit).
  useEffect(() => setSchedule(updateSchedule(withPageView)), [pathname]);

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
    due: isDue(schedule, Date.now()),
  });

  const dismiss = () => setSchedule(updateSchedule((s) => withDismissal(s, Date.now())));

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
    <div className="grid grid-cols-1 gap-2" data-testid="pwa-banners">
      {!online && (
        <div role="status" className={`${bar} border-amber-300 bg-amber-50 text-amber-950`} data-testid="offline-notice">
          <WifiOff className="size-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 flex-1">
            <span className="font-semibold">
              {networkUp ? 'Reelsmith cannot be reached' : "You're offline"}
              {nothingKept ? '.' : ' — showing what was last loaded.'}
            </span>
            <span className="hidden sm:inline"> Uploads, new reels and playback wait for the connection.</span>
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
        // One line from 360 px on: a short text on phones, the full one from sm.
        <div
          role="region"
          aria-label="Install Reelsmith"
          className="flex w-full items-center gap-2 rounded-xl border border-border bg-sidebar py-0.5 pl-3 pr-0.5 text-[13px] text-white shadow-xs"
          data-testid="install-banner"
        >
          {offer === 'ios' ? (
            <Share className="hidden size-4 shrink-0 sm:block" aria-hidden="true" />
          ) : (
            <Download className="hidden size-4 shrink-0 sm:block" aria-hidden="true" />
          )}
          <p className="min-w-0 flex-1 truncate" data-testid="install-text">
            <span className="sm:hidden">{offer === 'ios' ? IOS_INSTALL_HINT_SHORT : 'Get the app'}</span>
            <span className="hidden sm:inline">{offer === 'ios' ? IOS_INSTALL_HINT : 'Install Reelsmith for quick access, even offline.'}</span>
          </p>
          {offer === 'prompt' && (
            <button type="button" className={`${action} bg-brand-strong text-white`} onClick={() => void install()}>
              Add to Home Screen
            </button>
          )}
          <button type="button" aria-label="Dismiss install prompt" className={`${action} px-2.5 text-white/90 hover:bg-white/10`} onClick={dismiss}>
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}
