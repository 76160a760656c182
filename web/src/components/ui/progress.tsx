import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/utils';

/** A determinate progress bar (0-100) with an accessible name. */
export function Progress({
  value,
  label,
  className,
  barClassName,
  ...props
}: {
  value: number;
  label: string;
  className?: string;
  barClassName?: string;
} & Omit<HTMLAttributes<HTMLDivElement>, 'role'>) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div className={cn('h-full rounded-full bg-brand transition-[width] duration-300 ease-out', barClassName)} style={{ width: `${clamped}%` }} />
    </div>
  );
}
