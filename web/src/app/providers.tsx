import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { queryClient } from '../lib/query-client';

// Toasts keep their state in their module, so a toast raised before this chunk arrives still shows.
const Toaster = lazy(async () => ({ default: (await import('../components/ui/toaster')).Toaster }));

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
