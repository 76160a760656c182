/**
 * The offline worker from the page's side: registers /sw.js and tells the app when a new build's
 * worker is installed and waiting ('A new version is available - Reload').
 */
type Listener = () => void;

let waiting: ServiceWorker | null = null;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((listener) => listener());

export const updateStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** True once a new version is installed and waits for the page to take it. */
  get: () => waiting !== null,
};

function watch(registration: ServiceWorkerRegistration) {
  const offer = (worker: ServiceWorker | null) => {
    // The first worker of a page is no update: there is nothing older to replace.
    if (worker && navigator.serviceWorker.controller) {
      waiting = worker;
      notify();
    }
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
}

/** Asks the waiting worker to take over; the page reloads once it controls it. */
export function applyUpdate(): void {
  if (!waiting) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * Registers the worker once the page has loaded and the browser is idle (its precaching must not
 * compete with the first screen), then checks for a new build every hour and when the page comes
 * back into view.
 */
export function registerWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const whenIdle = (run: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 3000 }) : window.setTimeout(run, 500);
  window.addEventListener('load', () =>
    whenIdle(() => {
      navigator.serviceWorker
        .register('/sw.js', { scope: '/' })
        .then((registration) => {
          watch(registration);
          const check = () => void registration.update().catch(() => undefined);
          setInterval(check, 60 * 60 * 1000);
          document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
        })
        .catch((error: unknown) => console.warn('Offline support is unavailable:', error));
    }),
  );
}
