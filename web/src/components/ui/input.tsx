import * as React from 'react';
import { cn } from '../../lib/utils';

export const Input = React.forwardRef<HTMLInputElement, React.InputHTMLAttributes<HTMLInputElement>>(({ className, type, ...props }, ref) => (
  <input
    ref={ref}
    type={type}
    className={cn(
      'flex h-10 w-full rounded-lg border border-input bg-card px-3 py-2 text-[15px] text-foreground shadow-xs sm:text-sm',
      'placeholder:text-muted-foreground/70 transition-[border-color,box-shadow] duration-150',
      'focus-visible:border-brand focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand/15',
      'aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus-visible:ring-red-500/15',
      'disabled:cursor-not-allowed disabled:opacity-60',
      'file:border-0 file:bg-transparent file:text-sm file:font-medium',
      className,
    )}
    {...props}
  />
));
Input.displayName = 'Input';
