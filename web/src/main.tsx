import './index.css';
import { renderFatalError } from './components/errors/fatal-error';
import { getAuthToken } from './lib/auth-token';
import { isMobileDevice } from './lib/device';
import { isMobilePath, phoneUrlFor, preloadStartChunks, startScreen } from './app/start-screen';
import { registerWorker } from './features/pwa/worker';

const container = document.getElementById('root') ?? document.body;

// Phones and tablets always end up on /mobile. Sent there now, before React starts, a phone's first
// screen renders once instead of rendering a redirect first (the router's MobileRedirect still
// sends in-app navigation there).
const phone = isMobileDevice();
if (phone && !isMobilePath(window.location.pathname)) {
  window.history.replaceState(window.history.state, '', phoneUrlFor(window.location.pathname, window.location.search));
}

// The app is loaded dynamically so that a failure while loading or mounting it (a fatal
// startup error) still ends on an error screen with a Refresh button instead of a blank page.
import('./app/bootstrap')
  .then(({ mountApp }) => mountApp(container))
  .catch((error: unknown) => renderFatalError(container, error));

// A signed-in first screen's code is fetched now, beside the app's own chunk, rather than once the
// app has started and asked for it: index.html lists each first screen's chunks (vite.config.ts,
// startChunks), and the router's lazy routes then find them loaded.
preloadStartChunks(startScreen({ pathname: window.location.pathname, signedIn: !!getAuthToken(), phone }));

if (import.meta.env.PROD) registerWorker();
