import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '../../lib/utils';
import { LazyTooltip } from './lazy-tooltip';

/** A card's small icon button (or link, with `to`): its label for screen readers, its tip on hover and focus. */
export function IconAction({
  label,
  tip,
  to,
  onClick,
  danger,
  children,
}: {
  label: string;
  tip: string;
  to?: string;
  onClick?: () => void;
  danger?: boolean;
  children: ReactNode;
}) {
  const className = cn(
    'flex size-8 items-center justify-center rounded-lg text-muted-foreground transition-colors [&_svg]:size-4',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    danger ? 'hover:bg-red-50 hover:text-red-600' : 'hover:bg-muted hover:text-foreground',
  );
  return (
    <LazyTooltip label={tip}>
      {to ? (
        <Link to={to} aria-label={label} className={className}>
          {children}
        </Link>
      ) : (
        <button type="button" aria-label={label} onClick={onClick} className={className}>
          {children}
        </button>
      )}
    </LazyTooltip>
  );
}
