import { cn } from '../../../lib/utils';

/** A labelled on/off switch (a real checkbox with role="switch", so keyboards and screen readers know it). */
export function Toggle({
  id,
  label,
  description,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-foreground">
          {label}
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-describedby={`${id}-description`}
          className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span
          aria-hidden="true"
          className={cn(
            'h-6 w-11 rounded-full border border-transparent transition-colors peer-focus-visible:ring-4 peer-focus-visible:ring-brand/25',
            checked ? 'bg-brand' : 'bg-muted-foreground/30',
          )}
        />
        <span
          aria-hidden="true"
          className={cn('pointer-events-none absolute left-0.5 top-0.5 size-5 rounded-full bg-white shadow transition-transform', checked && 'translate-x-5')}
        />
      </span>
    </div>
  );
}
