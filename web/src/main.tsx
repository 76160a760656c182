import './index.css';
import { renderFatalError } from './components/errors/fatal-error';
import { getAuthToken } from './lib/auth-token';
import { isMobileDevice } from './lib/device';
import { isMobilePath, phoneUrlFor, preloadStartChunks, startRequests, startScreen } from './app/start-screen';
import { sendEarly } from './lib/early-get';
import { registerWorker } from './features/pwa/worker';

const container = document.getElementById('root') ?? document.body;

// Phones and tablets always end up on /mobile. Sent there now, before React starts, a phone's first
// screen renders once instead of rendering a redirect first (the router's MobileRedirect still
// sends in-app navigation there).
const phone = isMobileDevice();
if (phone && !isMobilePath(window.location.pathname)) {
  window.history.replaceState(window.history.state, '', phoneUrlFor(window.location.pathname, window.location.search));
}

// A signed-in first screen's data is asked for now, while the app's code downloads (lib/early-get.ts).
const token = getAuthToken();
const screen = startScreen({ pathname: window.location.pathname, signedIn: !!token, phone });
if (token) sendEarly(startRequests(screen, window.location.pathname), token);

// The app is loaded dynamically so that a failure while loading or mounting it (a fatal
// startup error) still ends on an error screen with a Refresh button instead of a blank page.
// React runs first and the app's own code in a later task: two shorter start-up tasks instead of
// one long one that a slow phone could not answer a tap during.
import('./app/react-runtime')
  .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
  .then(() => import('./app/bootstrap'))
  .then(({ mountApp }) => mountApp(container, screen))
  .catch((error: unknown) => renderFatalError(container, error));

// A signed-in first screen's code is fetched now, beside the app's own chunk, rather than once the
// app has started and asked for it: index.html lists each first screen's chunks (vite.config.ts,
// startChunks), and the router's lazy routes then find them loaded.
preloadStartChunks(screen);

if (import.meta.env.PROD) registerWorker();
