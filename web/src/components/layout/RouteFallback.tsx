/** Shown for the moment a route's code is being fetched (lazy routes). */
export function RouteFallback() {
  return (
    <div className="flex min-h-40 items-center justify-center" role="status" aria-live="polite" data-testid="route-loading">
      <span className="sr-only">Loading page</span>
      <span className="h-1 w-24 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <span className="block h-full w-1/3 animate-loading-bar rounded-full bg-brand" />
      </span>
    </div>
  );
}
