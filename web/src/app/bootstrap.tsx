import { createRoot, StrictMode, startTransition } from './react-runtime';
import { App } from './App';

export function mountApp(container: HTMLElement): void {
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
