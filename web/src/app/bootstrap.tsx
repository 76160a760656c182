import { createRoot, StrictMode, startTransition } from './react-runtime';
import { App } from './App';
import { queryClient } from '../lib/query-client';
import { preloadStartPages } from './router';
import { prefetchStartData } from './start-data';
import type { StartScreen } from './start-screen';

export async function mountApp(container: HTMLElement, screen: StartScreen): Promise<void> {
  // With a token the first screen is the app, not the sign-in form: its data goes into the cache now
  // (main.tsx sent its GETs), beside the auth check, instead of after it.
  prefetchStartData(queryClient, screen, window.location.pathname);
  // The first screen's pages (their chunks are preloaded) are loaded before React renders: it shows
  // them at once instead of suspending. A page that fails to load here is tried again by the router.
  await preloadStartPages(screen).catch(() => undefined);
  // A transition: React renders the first screen in slices and lets the browser breathe between
  // them (no long task on a slow phone), and keeps the loading screen of index.html until it is done.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
