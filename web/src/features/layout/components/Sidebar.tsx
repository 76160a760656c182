import { Link, useLocation } from 'react-router-dom';
import { Loader2, LogOut } from 'lucide-react';
import { Logo, LogoMark } from '../../../components/brand/Logo';
import { LazyTooltip } from '../../../components/ui/lazy-tooltip';
import { cn } from '../../../lib/utils';
import { useCurrentUser, useSignOut } from '../../auth';
import { planLabel, useBilling } from '../../billing';
import { NAV_ITEMS, isNavItemActive, type NavItem } from '../nav-items';

/**
 * The app's navigation. `compact` renders an icon rail (labels move into tooltips);
 * `onNavigate` lets the mobile drawer close itself after a click.
 */
export function Sidebar({ compact = false, onNavigate }: { compact?: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const signOut = useSignOut();
  const username = user?.username || 'User';
  const signingOut = signOut.isPending;
  const billing = useBilling();
  const planActive = Boolean(billing.data?.entitlements.active);

  return (
    <div data-testid="sidebar" className={cn('flex h-full flex-col bg-sidebar text-sidebar-foreground', compact ? 'w-[72px] items-center' : 'w-64')}>
      <div className={cn('flex h-16 shrink-0 items-center', compact ? 'justify-center' : 'px-5')}>
        <Link
          to="/"
          onClick={onNavigate}
          className="flex items-center rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-sidebar"
          aria-label="Reelsmith home"
        >
          {compact ? <LogoMark className="size-8" /> : <Logo />}
        </Link>
      </div>

      <nav aria-label="Main" className={cn('mt-2 flex-1 overflow-y-auto', compact ? 'w-full px-3' : 'px-3')}>
        {!compact && <p className="px-3 pb-2 text-[11px] font-semibold uppercase tracking-[0.08em] text-sidebar-muted">Workspace</p>}
        <ul className="grid gap-0.5">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <SidebarLink item={item} active={isNavItemActive(item, pathname)} compact={compact} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      </nav>

      <div className={cn('w-full shrink-0 border-t border-sidebar-border p-3', compact && 'flex flex-col items-center gap-2')}>
        {compact ? (
          <LazyTooltip side="right" label={`${username} · Creator · ${planLabel(billing)}`}>
            <UserBadge username={username} />
          </LazyTooltip>
        ) : (
          <div className="flex items-center gap-3 rounded-xl px-2 py-2">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand/15 text-sm font-semibold uppercase text-brand"
            >
              {username.charAt(0)}
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-white" data-testid="sidebar-username">
                {username}
              </p>
              <p className="text-xs text-sidebar-muted" data-testid="sidebar-role">
                Creator
              </p>
              <Link
                to={planActive || billing.data === undefined ? '/settings' : '/pricing'}
                onClick={onNavigate}
                className="text-xs font-medium text-brand hover:underline"
                data-testid="sidebar-plan"
              >
                {planLabel(billing)}
              </Link>
            </div>
          </div>
        )}
        <SignOutButton compact={compact} signingOut={signingOut} onClick={() => signOut.mutate()} />
      </div>
    </div>
  );
}

function SidebarLink({ item, active, compact, onNavigate }: { item: NavItem; active: boolean; compact: boolean; onNavigate?: () => void }) {
  const Icon = item.icon;
  const link = (
    <Link
      to={item.to}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      data-testid={item.testId}
      className={cn(
        'group relative flex h-10 items-center gap-3 rounded-lg text-sm font-medium transition-colors',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-sidebar',
        compact ? 'justify-center' : 'px-3',
        active ? 'bg-white/[0.07] text-white' : 'hover:bg-white/[0.04] hover:text-white',
      )}
    >
      {active && <span aria-hidden="true" className="absolute inset-y-2 left-0 w-[3px] rounded-r-full bg-brand" />}
      <Icon className={cn('size-[18px] shrink-0 transition-colors', active ? 'text-brand' : 'text-sidebar-muted group-hover:text-white')} aria-hidden="true" />
      <span className={cn(compact && 'sr-only')}>{item.label}</span>
    </Link>
  );
  if (!compact) return link;
  return (
    <LazyTooltip side="right" label={item.label}>
      {link}
    </LazyTooltip>
  );
}

function SignOutButton({ compact, signingOut, onClick }: { compact: boolean; signingOut: boolean; onClick: () => void }) {
  const label = signingOut ? 'Signing out...' : 'Sign Out';
  const Icon = signingOut ? Loader2 : LogOut;
  const button = (
    <button
      type="button"
      onClick={onClick}
      disabled={signingOut}
      data-testid="sign-out"
      className={cn(
        'flex h-10 items-center gap-3 rounded-lg text-sm font-medium text-sidebar-foreground transition-colors',
        'hover:bg-white/[0.04] hover:text-white disabled:opacity-60',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-sidebar',
        compact ? 'size-10 justify-center' : 'mt-1 w-full px-3',
      )}
    >
      <Icon className={cn('size-[18px] shrink-0', signingOut && 'animate-spin')} aria-hidden="true" />
      <span className={cn(compact && 'sr-only')}>{label}</span>
    </button>
  );
  if (!compact) return button;
  return (
    <LazyTooltip side="right" label={label}>
      {button}
    </LazyTooltip>
  );
}

function UserBadge({ username, ...props }: { username: string }) {
  return (
    <span
      {...props}
      tabIndex={0}
      role="img"
      className="flex size-9 items-center justify-center rounded-full bg-brand/15 text-sm font-semibold uppercase text-brand outline-none focus-visible:ring-2 focus-visible:ring-ring"
      aria-label={`${username}, Creator`}
    >
      {username.charAt(0)}
    </span>
  );
}
