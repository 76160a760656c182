import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { isMobileDevice } from '../lib/device';
import { AuthGate } from '../features/auth/components/AuthGate';
import { BulkUploadPage } from '../features/bulk-upload/BulkUploadPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { DemoPage } from '../features/demo/DemoPage';
import { EditorPage } from '../features/editor/EditorPage';
import { AppLayout } from '../features/layout/components/AppLayout';
import { NotFoundPage } from '../features/misc/NotFoundPage';
import { MobileShell } from '../features/mobile/MobileShell';
import { PricingPage } from '../features/pricing/PricingPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { SubscribePage } from '../features/subscribe/SubscribePage';
import { UploadPage } from '../features/upload/UploadPage';
import { VideoDetailPage } from '../features/videos/VideoDetailPage';
import { VideosPage } from '../features/videos/VideosPage';
import { LiveUpdates } from '../features/videos/live/LiveUpdates';

export const MOBILE_PATH = '/mobile';

/** Phones and tablets always end up on /mobile (before the auth check, so sign-in lands there too). */
function MobileRedirect({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  if (pathname !== MOBILE_PATH && isMobileDevice()) return <Navigate to={MOBILE_PATH} replace />;
  return <>{children}</>;
}

export function AppRoutes() {
  return (
    <MobileRedirect>
      <AuthGate>
        <LiveUpdates />
        <Routes>
          <Route path={MOBILE_PATH} element={<MobileShell />} />
          <Route element={<AppLayout />}>
            <Route index element={<DashboardPage />} />
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="upload" element={<UploadPage />} />
            <Route path="bulk-upload" element={<BulkUploadPage />} />
            <Route path="subscribe" element={<SubscribePage />} />
            <Route path="editor" element={<EditorPage />} />
            <Route path="demo" element={<DemoPage />} />
            <Route path="pricing" element={<PricingPage />} />
            <Route path="videos" element={<VideosPage />} />
            <Route path="video/:id" element={<VideoDetailPage />} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </AuthGate>
    </MobileRedirect>
  );
}
