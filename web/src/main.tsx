import './index.css';
import { renderFatalError } from './components/errors/fatal-error';
import { registerWorker } from './features/pwa/worker';

const container = document.getElementById('root') ?? document.body;

// The app is loaded dynamically so that a failure while loading or mounting it (a fatal
// startup error) still ends on an error screen with a Refresh button instead of a blank page.
import('./app/bootstrap')
  .then(({ mountApp }) => mountApp(container))
  .catch((error: unknown) => renderFatalError(container, error));

if (import.meta.env.PROD) registerWorker();
