import { RotateCw, TriangleAlert } from 'lucide-react';
import { Button } from '../ui/button';
import { LogoMark } from '../brand/Logo';

/**
 * Full-page error screen (uncaught render errors, window errors, unhandled rejections).
 * Deliberately free of context providers: it must render even when they are what broke.
 */
export function ErrorScreen({ error }: { error?: unknown }) {
  const detail = describeError(error);
  return (
    <main role="alert" data-testid="error-screen" className="flex min-h-full items-center justify-center bg-background px-4 py-16">
      <div className="w-full max-w-md text-center">
        <div className="mx-auto mb-6 flex items-center justify-center gap-2 text-sm font-medium text-muted-foreground">
          <LogoMark className="size-6" />
          Reelsmith
        </div>
        <div className="rounded-2xl border border-border bg-card px-6 py-10 shadow-sm sm:px-10">
          <div className="mx-auto mb-5 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
            <TriangleAlert className="size-6" aria-hidden="true" />
          </div>
          <h1 className="text-xl font-semibold tracking-tight">Something went wrong</h1>
          <p className="mt-2 text-sm leading-6 text-muted-foreground">
            Reelsmith ran into an unexpected problem. Refreshing the page usually fixes it. Your uploaded videos are safe.
          </p>
          <Button className="mt-6" size="lg" onClick={() => window.location.reload()}>
            <RotateCw aria-hidden="true" />
            Refresh
          </Button>
          {detail && (
            <details className="mt-6 text-left text-xs text-muted-foreground">
              <summary className="cursor-pointer select-none text-center hover:text-foreground">Technical details</summary>
              <pre className="mt-3 max-h-40 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-muted p-3 font-mono">{detail}</pre>
            </details>
          )}
        </div>
      </div>
    </main>
  );
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  if (error === undefined || error === null) return '';
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
