import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Menu } from 'lucide-react';
import { Logo } from '../../../components/brand/Logo';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { PwaBanners } from '../../pwa';
import { Sidebar } from './Sidebar';

const NavDrawer = lazy(async () => ({ default: (await import('./NavDrawer')).NavDrawer }));

/**
 * Desktop layout: the sidebar beside the routed content. Full sidebar from 1024px, an icon rail
 * with tooltips from 768px, and below that a top bar whose menu opens the sidebar as a drawer.
 */
export function AppLayout() {
  const isWide = useMediaQuery('(min-width: 1024px)');
  const isMedium = useMediaQuery('(min-width: 768px)');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    if (isMedium) setDrawerOpen(false);
  }, [isMedium]);

  return (
    <div className="min-h-full bg-background">
      {isMedium ? (
        <aside className="fixed inset-y-0 left-0 z-30 border-r border-sidebar-border">
          <Sidebar compact={!isWide} />
        </aside>
      ) : (
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-3 border-b border-sidebar-border bg-sidebar px-4">
          <Link
            to="/"
            aria-label="Reelsmith home"
            className="flex items-center rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Logo markClassName="size-7" />
          </Link>
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-label="Open navigation"
            className="flex size-10 items-center justify-center rounded-lg text-sidebar-foreground hover:bg-white/[0.06] hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Menu className="size-5" aria-hidden="true" />
          </button>
          <Suspense fallback={null}>
            <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
          </Suspense>
        </header>
      )}

      <div className={isWide ? 'pl-64' : isMedium ? 'pl-[72px]' : undefined}>
        <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:px-8 lg:px-10 lg:py-10">
          <div className="mb-6 empty:hidden">
            <PwaBanners />
          </div>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
