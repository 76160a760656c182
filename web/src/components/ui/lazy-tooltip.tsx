import type { ReactElement } from 'react';
import { useIdle } from '../../hooks/use-idle';
import { useLoaded } from '../../hooks/use-loaded';

const loadLabelTooltip = async () => (await import('./label-tooltip')).LabelTooltip;

/**
 * A label tooltip whose code (Radix's tooltip and its positioning) is fetched once the page is up:
 * the control is shown and usable at once, and gains its tooltip a moment later. A tooltip only
 * repeats a label the control already has (aria-label), so nothing is lost meanwhile.
 */
export function LazyTooltip({ label, side, children }: { label: string; side?: 'top' | 'right' | 'bottom' | 'left'; children: ReactElement }) {
  const LabelTooltip = useLoaded(loadLabelTooltip, useIdle());
  if (!LabelTooltip) return children;
  return (
    <LabelTooltip label={label} side={side}>
      {children}
    </LabelTooltip>
  );
}
