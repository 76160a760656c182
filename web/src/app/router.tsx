import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { isMobileDevice } from '../lib/device';
import { isMobilePath, MOBILE_PATH, phoneUrlFor, type StartScreen } from './start-screen';
import { AuthGate } from '../features/auth/components/AuthGate';
import { RouteFallback } from '../components/layout/RouteFallback';
import { useIdle } from '../hooks/use-idle';
import { useLoaded } from '../hooks/use-loaded';

type Page = ComponentType & { preload: () => Promise<void> };

/**
 * A route's page, loaded the first time it is shown (a first visit fetches only what it needs).
 * `preload()` fetches it ahead: a page loaded before it is first shown renders at once, without
 * suspending (no fallback, and no 300 ms that React waits after one before revealing content).
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Page {
  let loaded: ComponentType | undefined;
  const importPage = async () => (loaded ??= (await load())[name]);
  const Lazy = lazy(async () => ({ default: await importPage() }));
  function RoutePage() {
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(RoutePage, { preload: async () => void (await importPage()) });
}

const AppLayout = page(() => import('../features/layout/components/AppLayout'), 'AppLayout');
const DashboardPage = page(() => import('../features/dashboard/DashboardPage'), 'DashboardPage');
const UploadPage = page(() => import('../features/upload/UploadPage'), 'UploadPage');
const BulkUploadPage = page(() => import('../features/bulk-upload/BulkUploadPage'), 'BulkUploadPage');
const SubscribePage = page(() => import('../features/subscribe/SubscribePage'), 'SubscribePage');
const EditorPage = page(() => import('../features/editor/EditorPage'), 'EditorPage');
const DemoPage = page(() => import('../features/demo/DemoPage'), 'DemoPage');
const PricingPage = page(() => import('../features/pricing/PricingPage'), 'PricingPage');
const VideosPage = page(() => import('../features/videos/VideosPage'), 'VideosPage');
const VideoDetailPage = page(() => import('../features/videos/VideoDetailPage'), 'VideoDetailPage');
const SettingsPage = page(() => import('../features/settings/SettingsPage'), 'SettingsPage');
const AnalyticsPage = page(() => import('../features/analytics/AnalyticsPage'), 'AnalyticsPage');
const NotFoundPage = page(() => import('../features/misc/NotFoundPage'), 'NotFoundPage');
const MobileApp = page(() => import('../features/mobile/MobileApp'), 'MobileApp');
// The live connection (/api/events) opens once the first screen is up: lists and pages are fetched
// first, and until it is open they poll what is still in progress.
const loadLiveUpdates = async () => (await import('../features/videos/live/LiveUpdates')).LiveUpdates;

function LiveUpdatesWhenIdle() {
  const LiveUpdates = useLoaded(loadLiveUpdates, useIdle());
  return LiveUpdates ? <LiveUpdates /> : null;
}

const START_PAGES: Record<Exclude<StartScreen, 'signed-out'>, Page[]> = {
  mobile: [MobileApp],
  dashboard: [AppLayout, DashboardPage],
  library: [AppLayout, VideosPage],
  page: [AppLayout],
};

/** Loads the first screen's pages (main.tsx preloaded their chunks), so that its first render does not suspend. */
export async function preloadStartPages(screen: StartScreen): Promise<void> {
  if (screen === 'signed-out') return;
  await Promise.all(START_PAGES[screen].map((p) => p.preload()));
}

/** Phones and tablets always end up on /mobile (before the auth check, so sign-in lands there too; main.tsx sends a page load there before React starts). */
function MobileRedirect({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (!isMobilePath(pathname) && isMobileDevice()) return <Navigate to={phoneUrlFor(pathname, search)} replace />;
  return <>{children}</>;
}

const lazyPage = (Page: ComponentType) => (
  <Suspense fallback={<RouteFallback />}>
    <Page />
  </Suspense>
);

export function AppRoutes() {
  return (
    <MobileRedirect>
      <AuthGate>
        <LiveUpdatesWhenIdle />
        <Routes>
          <Route path={`${MOBILE_PATH}/*`} element={lazyPage(MobileApp)} />
          <Route element={lazyPage(AppLayout)}>
            <Route index element={lazyPage(DashboardPage)} />
            <Route path="dashboard" element={lazyPage(DashboardPage)} />
            <Route path="upload" element={lazyPage(UploadPage)} />
            <Route path="bulk-upload" element={lazyPage(BulkUploadPage)} />
            <Route path="subscribe" element={lazyPage(SubscribePage)} />
            <Route path="editor" element={lazyPage(EditorPage)} />
            <Route path="demo" element={lazyPage(DemoPage)} />
            <Route path="pricing" element={lazyPage(PricingPage)} />
            <Route path="videos" element={lazyPage(VideosPage)} />
            <Route path="video/:id" element={lazyPage(VideoDetailPage)} />
            <Route path="settings" element={lazyPage(SettingsPage)} />
            <Route path="analytics" element={lazyPage(AnalyticsPage)} />
            <Route path="*" element={lazyPage(NotFoundPage)} />
          </Route>
        </Routes>
      </AuthGate>
    </MobileRedirect>
  );
}
