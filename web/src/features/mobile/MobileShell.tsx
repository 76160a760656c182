import { Loader2, LogOut } from 'lucide-react';
import { Logo } from '../../components/brand/Logo';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useCurrentUser } from '../auth/api/use-current-user';
import { useSignOut } from '../auth/api/use-sign-out';

/** /mobile: the single-column version of Reelsmith that phones and tablets are redirected to. */
export function MobileShell() {
  const { user } = useCurrentUser();
  const signOut = useSignOut();
  const username = user?.username || 'User';
  useDocumentTitle('Mobile');

  return (
    <div className="flex min-h-full flex-col bg-background" data-testid="mobile-shell">
      <header className="sticky top-0 z-20 flex h-14 items-center justify-between gap-3 bg-sidebar px-4 pt-[env(safe-area-inset-top)]">
        <Logo markClassName="size-7" />
        <button
          type="button"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
          className="inline-flex h-9 items-center gap-2 rounded-lg px-3 text-sm font-medium text-sidebar-foreground hover:bg-white/[0.06] hover:text-white disabled:opacity-60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {signOut.isPending ? (
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <LogOut className="size-4" aria-hidden="true" />
          )}
          {signOut.isPending ? 'Signing out...' : 'Sign Out'}
        </button>
      </header>
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-6 px-4 py-6">
        <div>
          <p className="text-sm text-muted-foreground">
            Signed in as <span className="font-medium text-foreground">{username}</span>
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight">Reelsmith Mobile</h1>
          <p className="mt-1.5 text-[15px] leading-relaxed text-muted-foreground" data-testid="page-description">
            The phone and tablet version of Reelsmith, laid out in a single column.
          </p>
        </div>
      </main>
    </div>
  );
}
