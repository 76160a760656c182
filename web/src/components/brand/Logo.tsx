import { useId } from 'react';
import { cn } from '../../lib/utils';

/** The Reelsmith mark: a play glyph with a highlight spark on the brand orange. */
export function LogoMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 512 512" className={cn('size-8 shrink-0', className)} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff8a2b" />
          <stop offset="1" stopColor="#ff5a00" />
        </linearGradient>
      </defs>
      <rect width="512" height="512" rx="120" fill={`url(#${gradientId})`} />
      <path d="M188 166 L188 346 L340 256 Z" fill="#fff" stroke="#fff" strokeWidth="28" strokeLinejoin="round" />
      <path d="M370 104 L381 135 L412 146 L381 157 L370 188 L359 157 L328 146 L359 135 Z" fill="#fff" />
    </svg>
  );
}

/** Mark plus wordmark. `tone` picks the wordmark colour for dark or light backgrounds. */
export function Logo({ className, tone = 'dark', markClassName }: { className?: string; tone?: 'dark' | 'light'; markClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark className={markClassName} />
      <span className={cn('text-[17px] font-semibold tracking-tight', tone === 'dark' ? 'text-white' : 'text-foreground')}>Reelsmith</span>
    </span>
  );
}
