import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/utils';

export type SegmentedOption<T extends string | number> = { value: T; label: ReactNode; hint?: ReactNode; disabled?: boolean };

/**
 * A small group of mutually exclusive choices: native radio buttons (arrow keys move between them,
 * screen readers announce 'radio, 2 of 3') drawn as a segmented control, under a legend.
 */
export function Segmented<T extends string | number>({
  legend,
  options,
  value,
  onChange,
  disabled,
  className,
  size = 'default',
  'data-testid': testId,
}: {
  legend: ReactNode;
  options: ReadonlyArray<SegmentedOption<T>>;
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  className?: string;
  size?: 'default' | 'sm' | 'lg';
  'data-testid'?: string;
}) {
  const name = useId();
  return (
    <fieldset className={cn('min-w-0', className)} disabled={disabled} data-testid={testId}>
      <legend className="mb-1.5 text-xs font-medium text-foreground">{legend}</legend>
      <div className="flex w-full rounded-lg bg-muted p-1 ring-1 ring-inset ring-border">
        {options.map((option) => (
          <label key={String(option.value)} className="relative min-w-0 flex-1">
            <input
              type="radio"
              name={name}
              value={String(option.value)}
              checked={option.value === value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
              className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
            />
            <span
              className={cn(
                'flex h-full cursor-pointer flex-col items-center justify-center rounded-md px-2 text-center font-medium text-muted-foreground transition-[background-color,color,box-shadow]',
                size === 'sm' ? 'min-h-7 py-1 text-xs' : size === 'lg' ? 'min-h-11 py-2 text-sm' : 'min-h-8 py-1.5 text-[13px]',
                'hover:text-foreground peer-checked:bg-card peer-checked:text-foreground peer-checked:shadow-sm peer-checked:ring-1 peer-checked:ring-border',
                'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
              )}
            >
              <span className="truncate">{option.label}</span>
              {option.hint && <span className="truncate text-[10px] font-normal leading-tight text-brand-strong">{option.hint}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
