import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useToast } from '../components/ui/use-toast';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { queryClient } from '../lib/query-client';

// Toasts keep their state in their module, so a toast raised before this chunk arrives still shows.
const Toaster = lazy(async () => ({ default: (await import('../components/ui/toaster')).Toaster }));

/** The toasts' UI (Radix) is fetched with the first toast, not on every first visit. */
function LazyToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (toasts.length) setWanted(true);
  }, [toasts.length]);
  if (!wanted && !toasts.length) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        {children}
        <LazyToaster />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
