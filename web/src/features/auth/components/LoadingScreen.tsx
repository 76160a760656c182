import { LogoMark } from '../../../components/brand/Logo';

/** Shown while the current-user check runs. */
export function LoadingScreen() {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-screen"
      className="flex min-h-full flex-col items-center justify-center gap-6 bg-background px-6"
    >
      <div className="animate-breathe rounded-[13px]">
        <LogoMark className="size-14" />
      </div>
      <div className="flex flex-col items-center gap-3">
        <p className="text-sm font-medium tracking-tight text-foreground">Loading Reelsmith</p>
        <div className="h-1 w-40 overflow-hidden rounded-full bg-border" aria-hidden="true">
          <div className="animate-loading-bar h-full w-2/5 rounded-full bg-brand" />
        </div>
      </div>
    </div>
  );
}
