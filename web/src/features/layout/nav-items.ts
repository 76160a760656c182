import { Film, Home, Layers, Settings, Sparkles, Upload, Video, type LucideIcon } from 'lucide-react';

export type NavItem = { label: string; to: string; icon: LucideIcon; testId: string };

/** Sidebar entries, in the order the product defines. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: Home, testId: 'nav-dashboard' },
  { label: 'Upload Video', to: '/upload', icon: Upload, testId: 'nav-upload' },
  { label: 'Bulk Processing', to: '/bulk-upload', icon: Layers, testId: 'nav-bulk-upload' },
  { label: 'Video Editor', to: '/editor', icon: Film, testId: 'nav-editor' },
  { label: 'Demo', to: '/demo', icon: Sparkles, testId: 'nav-demo' },
  { label: 'My Videos', to: '/videos', icon: Video, testId: 'nav-videos' },
  { label: 'Settings', to: '/settings', icon: Settings, testId: 'nav-settings' },
];

/** Which nav entry a path belongs to ('/dashboard' is Dashboard, '/video/7' is My Videos). */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (item.to === '/') return path === '/' || path === '/dashboard';
  if (item.to === '/videos') return path === '/videos' || path.startsWith('/video/');
  return path === item.to || path.startsWith(`${item.to}/`);
}
