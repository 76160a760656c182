import { Link, NavLink, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { lazy, Suspense, useEffect } from 'react';
import { Folder, LibraryBig, Loader2, LogOut, UploadCloud, UserRound } from 'lucide-react';
import { Logo } from '../../components/brand/Logo';
import { cn } from '../../lib/utils';
import { RouteFallback } from '../../components/layout/RouteFallback';
import { useCurrentUser, useSignOut } from '../auth';
import { MobileLibrary } from './components/MobileLibrary';

// The library comes with the shell; the other screens load when first opened.
const MobileUpload = lazy(async () => ({ default: (await import('./components/MobileUpload')).MobileUpload }));
const MobileFolders = lazy(async () => ({ default: (await import('./components/MobileFolders')).MobileFolders }));
const MobileVideo = lazy(async () => ({ default: (await import('./components/MobileVideo')).MobileVideo }));
const MobileSubscribe = lazy(async () => ({ default: (await import('./components/MobileSubscribe')).MobileSubscribe }));
import { MOBILE_BASE, MOBILE_SUBSCRIBE } from './paths';
import { PwaBanners } from '../pwa';
import { planLabel, useBilling } from '../billing';

const NAV = [
  { to: MOBILE_BASE, label: 'Library', icon: LibraryBig, end: true },
  { to: `${MOBILE_BASE}/upload`, label: 'Upload', icon: UploadCloud, end: false },
  { to: `${MOBILE_BASE}/folders`, label: 'Folders', icon: Folder, end: false },
  { to: `${MOBILE_BASE}/account`, label: 'Account', icon: UserRound, end: false },
] as const;

/**
 * /mobile: the single-column app phones and tablets are redirected to. A top bar, the routed
 * screen, and a bottom navigation inside the safe areas; every control is at least 44 px.
 */
export function MobileApp() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="flex min-h-full flex-col bg-background" data-testid="mobile-shell">
      <header className="sticky top-0 z-20 bg-sidebar pt-[env(safe-area-inset-top)]">
        <div className="flex h-14 items-center justify-between gap-3 pl-[max(1rem,env(safe-area-inset-left))] pr-[max(1rem,env(safe-area-inset-right))]">
          <Link
            to={MOBILE_BASE}
            aria-label="Reelsmith library"
            className="flex min-h-11 items-center rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Logo markClassName="size-7" />
          </Link>
          <Link
            to={`${MOBILE_BASE}/upload`}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-strong px-4 text-sm font-semibold text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
          >
            <UploadCloud className="size-4" aria-hidden="true" />
            New Upload
          </Link>
        </div>
      </header>
      <main
        id="main"
        className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-5 pb-[calc(5rem+env(safe-area-inset-bottom))] pl-[max(1rem,env(safe-area-inset-left))] pr-[max(1rem,env(safe-area-inset-right))] pt-5"
      >
        <PwaBanners />
        <Suspense fallback={<RouteFallback />}>
          <Routes>
            <Route index element={<MobileLibrary />} />
            <Route path="upload" element={<MobileUpload />} />
            <Route path="folders" element={<MobileFolders />} />
            <Route path="folders/:folderId" element={<MobileFolders />} />
            <Route path="account" element={<MobileAccount />} />
            <Route path="video/:id" element={<MobileVideo />} />
            <Route path="subscribe" element={<MobileSubscribe />} />
            <Route path="*" element={<MobileLibrary />} />
          </Routes>
        </Suspense>
      </main>
      <nav
        aria-label="Main"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
        data-testid="mobile-nav"
      >
        <ul className="mx-auto flex max-w-xl justify-around pl-[env(safe-area-inset-left)] pr-[env(safe-area-inset-right)]">
          {NAV.map(({ to, label, icon: Icon, end }) => (
            <li key={to} className="flex-1">
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                    isActive ? 'text-brand-strong' : 'text-muted-foreground',
                  )
                }
              >
                <Icon className="size-5" aria-hidden="true" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

function MobileAccount() {
  const { user } = useCurrentUser();
  const billing = useBilling();
  const active = Boolean(billing.data?.entitlements.active);
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <section className="grid gap-4" aria-labelledby="account-heading">
      <div>
        <h1 id="account-heading" className="text-2xl font-semibold tracking-tight">
          Account
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Signed in as <span className="font-medium text-foreground">{user?.username || 'User'}</span>
        </p>
      </div>
      <div className="flex items-center justify-between gap-3 rounded-xl border border-border bg-card p-4" data-testid="mobile-plan">
        <p className="text-sm">
          <span className="block text-xs font-medium text-muted-foreground">Plan</span>
          <span className="font-semibold">{planLabel(billing)}</span>
        </p>
        <Link
          to={MOBILE_SUBSCRIBE}
          className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-strong focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {active ? 'See plans' : 'Choose a plan'}
        </Link>
      </div>
      <button
        type="button"
        onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate(MOBILE_BASE, { replace: true }) })}
        disabled={signOut.isPending}
        className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl border border-border bg-card px-4 text-base font-medium text-foreground disabled:opacity-60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {signOut.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : <LogOut className="size-4" aria-hidden="true" />}
        {signOut.isPending ? 'Signing out...' : 'Sign Out'}
      </button>
      <p className="text-sm text-muted-foreground">
        Batches, the editor, settings and billing changes (switch plan, cancel) are on the desktop version of Reelsmith.
      </p>
    </section>
  );
}
