import { Minus, Plus, Trash2 } from 'lucide-react';
import { cn } from '../../../lib/utils';
import { canDrop, canNudge, dropMoment, formatMomentTime, NUDGE_SECONDS, nudgeEdge, type Edge } from '../lib/moments';
import { formatDuration } from '../../../lib/format';
import type { Moment } from '../types';

/**
 * The chosen moments, one row each: time range, length, score and reasons, with buttons that move
 * either edge by half a second and one that removes the moment. Without `onChange` it only lists.
 */
export function MomentList({
  moments,
  duration,
  onChange,
  activeIndex,
  onActiveIndexChange,
}: {
  moments: readonly Moment[];
  duration: number;
  onChange?: (moments: Moment[]) => void;
  activeIndex?: number | null;
  onActiveIndexChange?: (index: number | null) => void;
}) {
  return (
    <ol className="grid gap-2" data-testid="moment-list" aria-label="Chosen moments">
      {moments.map((moment, i) => (
        <li
          key={`${i}-${moment.reasons.join()}`}
          data-testid="moment-row"
          onPointerEnter={() => onActiveIndexChange?.(i)}
          onPointerLeave={() => onActiveIndexChange?.(null)}
          className={cn(
            'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border bg-card p-2.5 transition-colors sm:flex-nowrap',
            activeIndex === i ? 'border-brand/60 bg-brand-soft/40' : 'border-border',
          )}
        >
          <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand text-xs font-semibold text-white" aria-hidden="true">
            {i + 1}
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium text-foreground">
              <span className="sr-only">Moment {i + 1}: </span>
              <span className="font-mono tabular-nums">
                {formatMomentTime(moment.start)} – {formatMomentTime(moment.end)}
              </span>
              <span className="ml-2 text-xs font-normal text-muted-foreground">
                {formatDuration(moment.end - moment.start)} long
                {moment.score > 0 ? ` · score ${moment.score.toFixed(2)}` : ''}
              </span>
            </p>
            <p className="mt-1 flex flex-wrap gap-1">
              {(moment.reasons.length ? moment.reasons : ['picked by score']).map((reason) => (
                <span key={reason} className="rounded-full bg-muted px-1.5 py-0.5 text-[11px] font-medium text-muted-foreground" data-testid="moment-reason">
                  {reason}
                </span>
              ))}
            </p>
          </div>
          {onChange && (
            <div className="flex w-full items-center gap-2 sm:w-auto">
              <EdgeNudge moments={moments} index={i} edge="start" duration={duration} onChange={onChange} />
              <EdgeNudge moments={moments} index={i} edge="end" duration={duration} onChange={onChange} />
              <button
                type="button"
                aria-label={`Remove moment ${i + 1}`}
                title={canDrop(moments) ? `Remove moment ${i + 1}` : 'A reel needs at least one moment'}
                disabled={!canDrop(moments)}
                onClick={() => onChange(dropMoment(moments, i))}
                className="ml-auto flex size-8 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-red-50 hover:text-red-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-40 sm:ml-0"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

function EdgeNudge({
  moments,
  index,
  edge,
  duration,
  onChange,
}: {
  moments: readonly Moment[];
  index: number;
  edge: Edge;
  duration: number;
  onChange: (moments: Moment[]) => void;
}) {
  const name = edge === 'start' ? 'start' : 'end';
  const button = (delta: number) => {
    const allowed = canNudge(moments, index, edge, delta, duration);
    const label = `Move ${name} of moment ${index + 1} ${delta < 0 ? 'earlier' : 'later'} by ${NUDGE_SECONDS} s`;
    return (
      <button
        type="button"
        aria-label={label}
        title={label}
        disabled={!allowed}
        onClick={() => onChange(nudgeEdge(moments, index, edge, delta, duration))}
        className="flex size-7 items-center justify-center rounded-md text-foreground transition-colors hover:bg-card hover:shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-35"
      >
        {delta < 0 ? <Minus className="size-3.5" aria-hidden="true" /> : <Plus className="size-3.5" aria-hidden="true" />}
      </button>
    );
  };
  return (
    <div
      role="group"
      aria-label={`${edge === 'start' ? 'Start' : 'End'} of moment ${index + 1}`}
      className="flex items-center rounded-lg bg-muted p-0.5 ring-1 ring-inset ring-border"
    >
      {button(-NUDGE_SECONDS)}
      <span className="w-9 text-center text-[11px] font-medium text-muted-foreground" aria-hidden="true">
        {edge === 'start' ? 'Start' : 'End'}
      </span>
      {button(NUDGE_SECONDS)}
    </div>
  );
}
