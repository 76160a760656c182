import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '../../../lib/utils';
import type { MomentEdit, Snap } from '../lib/moment-edits';
import { edgeBounds, formatMomentTime, NUDGE_SECONDS, roundTime, SNAP_SECONDS, type Edge } from '../lib/moments';
import { percentForTime } from '../lib/timeline';
import type { Moment } from '../types';

/** A pointer must travel this far (px) before a press on a block becomes a drag (a tap only selects it). */
const DRAG_THRESHOLD_PX = 4;
/** A pointer snaps to a shot boundary this near on screen (or SNAP_SECONDS, whichever is more). */
const SNAP_REACH_PX = 8;
/** Edge handles are this wide (px), narrower on a short block so that its middle can still be grabbed. */
const HANDLE_PX = { max: 20, min: 10 };
/** Page Up / Page Down move a block this far. */
const PAGE_SECONDS = 5;

type Drag = { kind: 'move'; index: number; offset: number; x: number; moved: boolean } | { kind: 'resize'; index: number; edge: Edge };
type Range = { from: number; to: number };

const momentName = (moment: Moment, i: number) => `Moment ${i + 1}, ${formatMomentTime(moment.start)} to ${formatMomentTime(moment.end)}`;

/**
 * The moments as blocks laid over the score plot, for editing: drag a block to move it, drag its
 * edges to resize it, drag over empty space to add one; all with the mouse, a pen or a finger
 * (pointer events). Focused, a block moves with the arrow keys (with Shift: its end, so its
 * length), and Delete or Backspace removes it. Pointer edits snap onto shot boundaries (`cuts`).
 */
export function MomentBlocks({
  moments,
  duration,
  cuts,
  width,
  timeAtClientX,
  onEdit,
  activeIndex,
  onActiveIndexChange,
}: {
  moments: readonly Moment[];
  duration: number;
  cuts: readonly number[];
  width: number;
  timeAtClientX: (clientX: number) => number;
  onEdit: (edit: MomentEdit) => void;
  activeIndex?: number | null;
  onActiveIndexChange?: (index: number | null) => void;
}) {
  const hintId = useId();
  const [drag, setDrag] = useState<Drag | null>(null);
  const [range, setRange] = useState<Range | null>(null);
  const gestures = useRef(0);
  const gesture = useRef(0);
  const blocks = useRef<Array<HTMLDivElement | null>>([]);
  const focusNext = useRef<number | null>(null);
  const snap: Snap = { cuts, reach: Math.max(SNAP_SECONDS, (SNAP_REACH_PX / Math.max(1, width)) * duration) };

  // After a removal by key, the focus goes to the block that took its place (or the one before).
  useEffect(() => {
    if (focusNext.current === null) return;
    blocks.current[Math.min(focusNext.current, moments.length - 1)]?.focus();
    focusNext.current = null;
  }, [moments]);

  const capture = (event: PointerEvent<HTMLElement>) => {
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    gesture.current = ++gestures.current;
  };

  const release = (event: PointerEvent<HTMLElement>) => {
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
    setDrag(null);
  };

  const onBlockDown = (event: PointerEvent<HTMLDivElement>, index: number) => {
    if (event.button !== 0) return;
    capture(event);
    event.currentTarget.focus();
    setDrag({ kind: 'move', index, offset: timeAtClientX(event.clientX) - moments[index].start, x: event.clientX, moved: false });
  };

  const onBlockMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag?.kind !== 'move') return;
    if (!drag.moved && Math.abs(event.clientX - drag.x) < DRAG_THRESHOLD_PX) return;
    if (!drag.moved) setDrag({ ...drag, moved: true });
    onEdit({ type: 'move', index: drag.index, start: timeAtClientX(event.clientX) - drag.offset, snap, gesture: gesture.current });
  };

  const onHandleDown = (event: PointerEvent<HTMLDivElement>, index: number, edge: Edge) => {
    if (event.button !== 0) return;
    capture(event);
    event.currentTarget.focus();
    setDrag({ kind: 'resize', index, edge });
  };

  const onHandleMove = (event: PointerEvent<HTMLDivElement>, index: number, edge: Edge) => {
    if (drag?.kind !== 'resize' || drag.index !== index || drag.edge !== edge) return;
    onEdit({ type: 'resize', index, edge, to: timeAtClientX(event.clientX), snap, gesture: gesture.current });
  };

  const onBlockKey = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const moment = moments[index];
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      focusNext.current = index;
      onEdit({ type: 'remove', index });
      return;
    }
    const step = {
      ArrowLeft: -NUDGE_SECONDS,
      ArrowDown: -NUDGE_SECONDS,
      ArrowRight: NUDGE_SECONDS,
      ArrowUp: NUDGE_SECONDS,
      PageDown: -PAGE_SECONDS,
      PageUp: PAGE_SECONDS,
    }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    if (event.shiftKey) onEdit({ type: 'resize', index, edge: 'end', to: moment.end + step });
    else onEdit({ type: 'move', index, start: moment.start + step });
  };

  const onHandleKey = (event: KeyboardEvent<HTMLDivElement>, index: number, edge: Edge) => {
    const value = moments[index][edge];
    const bounds = edgeBounds(moments, index, edge, duration);
    const to = {
      ArrowLeft: value - NUDGE_SECONDS,
      ArrowDown: value - NUDGE_SECONDS,
      ArrowRight: value + NUDGE_SECONDS,
      ArrowUp: value + NUDGE_SECONDS,
      PageDown: value - PAGE_SECONDS,
      PageUp: value + PAGE_SECONDS,
      Home: bounds?.min,
      End: bounds?.max,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    onEdit({ type: 'resize', index, edge, to });
  };

  // Empty space: press and drag to select a range, which becomes a new moment.
  const onSpaceDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const at = timeAtClientX(event.clientX);
    setRange({ from: at, to: at });
  };
  const onSpaceUp = (event: PointerEvent<HTMLDivElement>) => {
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
    if (range && (Math.abs(range.to - range.from) / duration) * width >= DRAG_THRESHOLD_PX) onEdit({ type: 'add', from: range.from, to: range.to, snap });
    setRange(null);
  };

  const span = (start: number, end: number) => ({
    left: `${percentForTime(start, duration)}%`,
    width: `${percentForTime(end, duration) - percentForTime(start, duration)}%`,
  });

  return (
    <>
      <p id={hintId} className="sr-only">
        Arrow keys move the moment by {NUDGE_SECONDS} seconds; with Shift they change its length. Delete removes it.
      </p>
      <div
        className="absolute inset-0 z-[1] cursor-crosshair touch-pan-y"
        data-testid="timeline-add-area"
        aria-hidden="true"
        onPointerDown={onSpaceDown}
        onPointerMove={(event) => range && setRange({ ...range, to: timeAtClientX(event.clientX) })}
        onPointerUp={onSpaceUp}
        onPointerCancel={() => setRange(null)}
      />
      {range && (
        <div
          className="pointer-events-none absolute inset-y-0 z-[2] rounded-sm border-2 border-dashed border-brand bg-brand/10"
          style={span(Math.min(range.from, range.to), Math.max(range.from, range.to))}
          data-testid="timeline-range"
          aria-hidden="true"
        />
      )}
      {moments.map((moment, i) => (
        <div
          key={`block-${i}`}
          ref={(el) => {
            blocks.current[i] = el;
          }}
          role="slider"
          tabIndex={0}
          aria-label={momentName(moment, i)}
          aria-describedby={hintId}
          aria-valuemin={0}
          aria-valuemax={roundTime(duration)}
          aria-valuenow={moment.start}
          aria-valuetext={`${formatMomentTime(moment.start)} to ${formatMomentTime(moment.end)}, ${roundTime(moment.end - moment.start)} seconds`}
          data-testid="moment-block"
          data-start={moment.start}
          data-end={moment.end}
          className={cn(
            'absolute inset-y-0 z-[5] flex touch-none items-end overflow-hidden rounded-sm outline-none',
            'cursor-grab hover:bg-brand/10 focus-visible:bg-brand/10 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
            drag?.kind === 'move' && drag.index === i && 'cursor-grabbing bg-brand/15',
          )}
          style={span(moment.start, moment.end)}
          onPointerDown={(event) => onBlockDown(event, i)}
          onPointerMove={onBlockMove}
          onPointerUp={release}
          onPointerCancel={release}
          onKeyDown={(event) => onBlockKey(event, i)}
          onFocus={() => onActiveIndexChange?.(i)}
          onBlur={() => onActiveIndexChange?.(null)}
          onPointerEnter={() => onActiveIndexChange?.(i)}
          onPointerLeave={() => !drag && onActiveIndexChange?.(null)}
        >
          <span
            className={cn(
              'mx-2.5 mb-1.5 h-1.5 w-full min-w-0 rounded-full bg-brand/45 transition-colors',
              (activeIndex === i || drag?.index === i) && 'bg-brand',
            )}
            aria-hidden="true"
          />
        </div>
      ))}
      {moments.map((moment, i) =>
        (['start', 'end'] as const).map((edge) => {
          const bounds = edgeBounds(moments, i, edge, duration);
          const value = moment[edge];
          const active = drag?.kind === 'resize' && drag.index === i && drag.edge === edge;
          const blockPx = ((moment.end - moment.start) / duration) * width;
          const handlePx = Math.round(Math.min(HANDLE_PX.max, Math.max(HANDLE_PX.min, blockPx * 0.4)));
          return (
            <div
              key={`${i}-${edge}`}
              role="slider"
              tabIndex={0}
              aria-label={`${edge === 'start' ? 'Start' : 'End'} of moment ${i + 1}`}
              aria-valuemin={bounds?.min ?? value}
              aria-valuemax={bounds?.max ?? value}
              aria-valuenow={roundTime(value)}
              aria-valuetext={formatMomentTime(value)}
              data-testid={`moment-${edge}-handle`}
              className="group/handle absolute top-0 z-10 flex h-full -translate-x-1/2 cursor-ew-resize touch-none justify-center rounded-sm focus-visible:outline-none"
              style={{ left: `${percentForTime(value, duration)}%`, width: handlePx }}
              onPointerDown={(event) => onHandleDown(event, i, edge)}
              onPointerMove={(event) => onHandleMove(event, i, edge)}
              onPointerUp={release}
              onPointerCancel={release}
              onKeyDown={(event) => onHandleKey(event, i, edge)}
              onFocus={() => onActiveIndexChange?.(i)}
              onBlur={() => onActiveIndexChange?.(null)}
              onPointerEnter={() => onActiveIndexChange?.(i)}
              onPointerLeave={() => !active && onActiveIndexChange?.(null)}
            >
              <span className={cn('h-full w-0.5 bg-brand transition-[width] group-hover/handle:w-1 group-focus-visible/handle:w-1', active && 'w-1')} />
              <span
                className={cn(
                  'absolute top-1/2 h-7 w-2.5 -translate-y-1/2 rounded-full border-2 border-white bg-brand shadow-sm',
                  'group-focus-visible/handle:ring-2 group-focus-visible/handle:ring-ring group-focus-visible/handle:ring-offset-1',
                )}
              />
            </div>
          );
        }),
      )}
    </>
  );
}
