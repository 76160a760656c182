import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { getAuthToken } from '../lib/auth-token';
import { isMobileDevice } from '../lib/device';
import { AuthGate } from '../features/auth/components/AuthGate';
import { RouteFallback } from '../features/layout/components/RouteFallback';
import { LiveUpdates } from '../features/videos/live/LiveUpdates';

export const MOBILE_PATH = '/mobile';

/** A route's page, loaded the first time it is shown (a first visit fetches only what it needs). */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const AppLayout = page(() => loadAppLayout(), 'AppLayout');
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
const NotFoundPage = page(() => import('../features/misc/NotFoundPage'), 'NotFoundPage');
const loadMobileApp = () => import('../features/mobile/MobileApp');
const MobileApp = page(loadMobileApp, 'MobileApp');
const loadAppLayout = () => import('../features/layout/components/AppLayout');

const isMobilePath = (pathname: string) => pathname === MOBILE_PATH || pathname.startsWith(`${MOBILE_PATH}/`);

// With a token the first screen is the app, not the sign-in form: its shell starts loading now,
// beside the auth check, instead of after it.
if (typeof window !== 'undefined' && getAuthToken()) {
  void (isMobilePath(window.location.pathname) || isMobileDevice() ? loadMobileApp() : loadAppLayout()).catch(() => undefined);
}

/** Phones and tablets always end up on /mobile (before the auth check, so sign-in lands there too). */
function MobileRedirect({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (!isMobilePath(pathname) && isMobileDevice()) {
    // The installed app's shortcuts and share target keep their intent on the phone version.
    const to = pathname === '/upload' ? `${MOBILE_PATH}/upload${search}` : MOBILE_PATH;
    return <Navigate to={to} replace />;
  }
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
        <LiveUpdates />
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
            <Route path="*" element={lazyPage(NotFoundPage)} />
          </Route>
        </Routes>
      </AuthGate>
    </MobileRedirect>
  );
}
