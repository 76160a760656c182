import { AppErrorBoundary } from '../components/errors/AppErrorBoundary';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppErrorBoundary>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </AppErrorBoundary>
  );
}
