import { useId, useRef, useState, type PointerEvent } from 'react';
import { X } from 'lucide-react';
import type { TimeRange } from '@reelsmith/proto/http';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Segmented } from '../../../components/ui/segmented';
import { formatDuration, isTimecode, parseDuration } from '../../../lib/format';
import { addMark, includedSeconds, type MarkedRanges, type MarkKind, removeMark, timeAtFraction } from '../lib/marked-ranges';

const KINDS = [
  { value: 'include' as const, label: 'Must include' },
  { value: 'exclude' as const, label: 'Leave out' },
];
const LOOK: Record<MarkKind, { block: string; chip: string; word: string }> = {
  include: { block: 'bg-emerald-500/40 border-emerald-700', chip: 'border-emerald-700/40 bg-emerald-50 text-emerald-900', word: 'Must include' },
  exclude: { block: 'bg-red-500/40 border-red-700', chip: 'border-red-700/40 bg-red-50 text-red-900', word: 'Leave out' },
};

const label = (kind: MarkKind, r: TimeRange) => `${LOOK[kind].word} ${formatDuration(r.start)}–${formatDuration(r.end)}`;

/**
 * Before generating, the creator marks stretches of the video: drag over the strip (mouse or touch)
 * in "Must include" or "Leave out" mode, or type a start and end. Each mark is listed with a remove
 * button; includes are green, leave-outs red. The marks go with generate as include / exclude.
 */
export function MarkedRangesField({
  duration,
  marks,
  onChange,
  targetLength,
}: {
  duration: number;
  marks: MarkedRanges;
  onChange: (marks: MarkedRanges) => void;
  targetLength: number;
}) {
  const id = useId();
  const strip = useRef<HTMLDivElement>(null);
  const [kind, setKind] = useState<MarkKind>('include');
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null);
  const [error, setError] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');

  const timeAt = (event: PointerEvent) => {
    const box = strip.current!.getBoundingClientRect();
    return timeAtFraction((event.clientX - box.left) / Math.max(1, box.width), duration);
  };
  const add = (range: TimeRange) => {
    const result = addMark(marks, kind, range);
    if ('error' in result) {
      setError(result.error);
      return false;
    }
    setError('');
    onChange(result.marks);
    return true;
  };
  const addTyped = () => {
    if (!isTimecode(start) || !isTimecode(end)) return setError('Type the start and end as m:ss.');
    const range = { start: parseDuration(start), end: Math.min(duration, parseDuration(end)) };
    if (range.start >= duration) return setError(`The video lasts ${formatDuration(duration)}.`);
    if (!add(range)) return;
    setStart('');
    setEnd('');
  };
  const over = includedSeconds(marks) > targetLength;
  const pct = (t: number) => `${(t / Math.max(duration, 0.001)) * 100}%`;

  return (
    <fieldset className="grid gap-2" data-testid="marked-ranges">
      <legend className="text-xs font-medium">Mark ranges (optional)</legend>
      <p className="text-xs text-muted-foreground">Drag over the strip: green stretches are in the reel whatever they score (“your pick”), red ones never.</p>
      <Segmented legend="Marking" options={KINDS} value={kind} onChange={setKind} data-testid="mark-kind" />
      <div
        ref={strip}
        className="relative h-12 cursor-crosshair touch-none select-none rounded-md border border-border bg-muted"
        data-testid="mark-strip"
        aria-hidden="true"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          const t = timeAt(event);
          setDrag({ from: t, to: t });
        }}
        onPointerMove={(event) => drag && setDrag({ ...drag, to: timeAt(event) })}
        onPointerUp={(event) => {
          if (!drag) return;
          const to = timeAt(event);
          setDrag(null);
          add({ start: drag.from, end: to });
        }}
        onPointerCancel={() => setDrag(null)}
      >
        {(['include', 'exclude'] as const).flatMap((k) =>
          marks[k].map((r, i) => (
            <div
              key={`${k}-${i}`}
              className={`absolute inset-y-0 border-x-2 ${LOOK[k].block}`}
              style={{ left: pct(r.start), width: pct(r.end - r.start) }}
              data-testid={`mark-block-${k}`}
            />
          )),
        )}
        {drag && (
          <div
            className={`absolute inset-y-0 border-x-2 border-dashed ${LOOK[kind].block}`}
            style={{ left: pct(Math.min(drag.from, drag.to)), width: pct(Math.abs(drag.to - drag.from)) }}
          />
        )}
        <span className="absolute bottom-0.5 left-1 text-[10px] text-muted-foreground">0:00</span>
        <span className="absolute bottom-0.5 right-1 text-[10px] text-muted-foreground">{formatDuration(duration)}</span>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1 text-xs" htmlFor={`${id}-start`}>
          Range start
          <Input id={`${id}-start`} value={start} onChange={(e) => setStart(e.target.value)} placeholder="0:10" className="h-9 w-20" inputMode="numeric" />
        </label>
        <label className="grid gap-1 text-xs" htmlFor={`${id}-end`}>
          Range end
          <Input id={`${id}-end`} value={end} onChange={(e) => setEnd(e.target.value)} placeholder="0:15" className="h-9 w-20" inputMode="numeric" />
        </label>
        <Button type="button" variant="outline" className="h-9" onClick={addTyped} data-testid="mark-add">
          Add {kind === 'include' ? 'must include' : 'leave out'}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-700" data-testid="mark-error">
          {error}
        </p>
      )}
      {over && (
        <p className="text-xs text-red-700" data-testid="mark-over">
          The must-include ranges last {formatDuration(includedSeconds(marks))}, more than the {formatDuration(targetLength)} reel: choose a longer one.
        </p>
      )}
      {(marks.include.length > 0 || marks.exclude.length > 0) && (
        <ul className="flex flex-wrap gap-2" aria-label="Marked ranges" data-testid="mark-list">
          {(['include', 'exclude'] as const).flatMap((k) =>
            marks[k].map((r, i) => (
              <li key={`${k}-${i}`} className={`flex items-center gap-1 rounded-full border py-0.5 pl-3 pr-1 text-xs ${LOOK[k].chip}`}>
                {label(k, r)}
                <button
                  type="button"
                  className="grid size-8 place-items-center rounded-full hover:bg-black/10 focus-visible:outline focus-visible:outline-2"
                  aria-label={`Remove ${label(k, r)}`}
                  onClick={() => onChange(removeMark(marks, k, i))}
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            )),
          )}
        </ul>
      )}
    </fieldset>
  );
}
