import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useElementWidth } from '../../../hooks/use-element-width';
import { formatDuration } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import type { MomentEdit } from '../lib/moment-edits';
import { areaPath, layoutLabels, linePath, percentForTime, scoreAt, timeForX, timelinePoints, timeTicks, xForTime, yForScore } from '../lib/timeline';
import type { Moment } from '../types';
import { MomentBlocks } from './MomentBlocks';
import { VideoStrip } from './VideoStrip';

const PLOT_HEIGHT = 148;
const PAD_TOP = 8;
const LABEL_ROW = 22;
const MAX_LABEL_ROWS = 3;
/** Rough width of one character of the 11px label text, and the label's number badge and padding. */
const LABEL_CHAR_PX = 6.1;
const LABEL_CHROME_PX = 30;

export const momentReasonText = (moment: Moment) => (moment.reasons.length ? moment.reasons.join(', ') : 'picked by score');

const formatScore = (score: number | null) => (score === null ? '—' : score.toFixed(2));

/**
 * The score over time (seconds of the source video on x, 0..1 on y) as an SVG area, with the
 * chosen moments as bands labelled with their reasons. Hover, or focus the plot and use the arrow
 * keys, to read the time and score at any second. When `onEdit` is given, the bands are blocks to
 * move, resize, add and remove (MomentBlocks). Shot boundaries (`cuts`) show as thin marks, and a
 * dragged block or edge that comes near one snaps onto it.
 */
export function TimelinePlot({
  timeline,
  duration,
  moments,
  onEdit,
  activeIndex,
  onActiveIndexChange,
  className,
  cuts = [],
  strip,
  playhead = null,
}: {
  cuts?: readonly number[];
  /** The video's filmstrip and waveform, drawn under the plot on the same seconds. */
  strip?: { videoId: string; filmstrip: string | null; waveform: string | null };
  timeline: readonly number[];
  duration: number;
  moments: readonly Moment[];
  onEdit?: (edit: MomentEdit) => void;
  activeIndex?: number | null;
  onActiveIndexChange?: (index: number | null) => void;
  className?: string;
  /** Where the preview is playing in the source video (seconds), drawn as a line. */
  playhead?: number | null;
}) {
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<HTMLDivElement>(null);
  const width = Math.max(1, useElementWidth(container));
  const [cursor, setCursor] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);

  const box = { width, height: PLOT_HEIGHT, top: PAD_TOP, bottom: 0 };
  const points = timelinePoints(timeline, duration, box);
  const ticks = timeTicks(duration, width < 480 ? 4 : 8);
  const labels = layoutLabels(moments, duration, width, (m) => LABEL_CHROME_PX + momentReasonText(m).length * LABEL_CHAR_PX);
  const rows = Math.min(MAX_LABEL_ROWS, Math.max(1, ...labels.map((l) => l.row + 1)));
  const clipId = `${id}-moments`;
  const gradientId = `${id}-fill`;

  const timeAtClientX = (clientX: number) => {
    const rect = plot.current?.getBoundingClientRect();
    if (!rect) return 0;
    return timeForX(clientX - rect.left, rect.width, duration);
  };

  const cursorScore = cursor === null ? null : scoreAt(timeline, cursor);
  const cursorMoment = cursor === null ? -1 : moments.findIndex((m) => cursor >= m.start && cursor <= m.end);

  const onScrubKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 5 : 1;
    const current = cursor ?? 0;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? current + step
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? current - step
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? duration
              : event.key === 'PageUp'
                ? current + 10
                : event.key === 'PageDown'
                  ? current - 10
                  : null;
    if (next === null) return;
    event.preventDefault();
    setCursor(Math.min(duration, Math.max(0, Math.floor(next))));
  };

  const showCursor = cursor !== null;

  return (
    <figure className={cn('m-0 min-w-0', className)} data-testid="timeline-plot" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="sr-only">
        Highlight score over time with {moments.length} chosen {moments.length === 1 ? 'moment' : 'moments'}
        {cuts.length > 0 ? ` and ${cuts.length} shot ${cuts.length === 1 ? 'boundary' : 'boundaries'}` : ''}
      </figcaption>
      <div ref={container} className="relative select-none">
        {/* Labels of the bands, in as many rows as they need not to collide. */}
        <div className="relative" style={{ height: rows * LABEL_ROW }} aria-hidden="true">
          {moments.map((moment, i) => {
            const label = labels[i];
            if (!label || label.row >= MAX_LABEL_ROWS) return null;
            const text = momentReasonText(moment);
            return (
              <span
                key={`${moment.start}-${i}`}
                data-testid="moment-label"
                title={`Moment ${i + 1}: ${text}`}
                className={cn(
                  'absolute flex h-[18px] items-center gap-1 overflow-hidden rounded-full border bg-card pl-0.5 pr-2 text-[11px] font-medium leading-none shadow-xs transition-colors',
                  activeIndex === i ? 'border-brand text-brand-strong' : 'border-border text-foreground',
                )}
                style={{ left: label.left, top: label.row * LABEL_ROW, maxWidth: Math.max(48, width - label.left) }}
              >
                <span className="flex size-3.5 shrink-0 items-center justify-center rounded-full bg-brand text-[9px] font-semibold text-white">{i + 1}</span>
                <span className="truncate">{text}</span>
              </span>
            );
          })}
        </div>

        <div
          ref={plot}
          className="relative rounded-lg bg-gradient-to-b from-muted/30 to-muted/70 ring-1 ring-inset ring-border"
          style={{ height: PLOT_HEIGHT }}
          onPointerMove={(event) => setCursor(Math.floor(timeAtClientX(event.clientX)))}
          onPointerLeave={() => {
            if (!focused) setCursor(null);
          }}
        >
          <svg width={width} height={PLOT_HEIGHT} viewBox={`0 0 ${width} ${PLOT_HEIGHT}`} className="absolute inset-0 overflow-visible" aria-hidden="true">
            <defs>
              <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor="#ff6600" stopOpacity="0.55" />
                <stop offset="100%" stopColor="#ff6600" stopOpacity="0.12" />
              </linearGradient>
              <clipPath id={clipId}>
                {moments.map((m, i) => (
                  <rect
                    key={i}
                    x={xForTime(m.start, duration, width)}
                    y={0}
                    width={Math.max(1, xForTime(m.end, duration, width) - xForTime(m.start, duration, width))}
                    height={PLOT_HEIGHT}
                  />
                ))}
              </clipPath>
            </defs>
            {[0.25, 0.5, 0.75, 1].map((v) => (
              <line key={v} x1={0} x2={width} y1={yForScore(v, box)} y2={yForScore(v, box)} stroke="#e4e6ea" strokeDasharray={v === 1 ? undefined : '3 4'} />
            ))}
            {cuts
              .filter((c) => c > 0 && c < duration)
              .map((c) => (
                <line
                  key={`cut-${c}`}
                  data-testid="shot-boundary"
                  data-time={c}
                  x1={xForTime(c, duration, width)}
                  x2={xForTime(c, duration, width)}
                  y1={0}
                  y2={PLOT_HEIGHT}
                  stroke="#4b5563"
                  strokeOpacity={0.45}
                  strokeWidth={1}
                />
              ))}
            {moments.map((m, i) => (
              <rect
                key={i}
                data-testid="moment-band"
                x={xForTime(m.start, duration, width)}
                y={0}
                width={Math.max(1, xForTime(m.end, duration, width) - xForTime(m.start, duration, width))}
                height={PLOT_HEIGHT}
                fill="#ff6600"
                fillOpacity={activeIndex === i ? 0.16 : 0.09}
              />
            ))}
            {points.length > 0 && (
              <>
                <path d={areaPath(points, PLOT_HEIGHT)} fill="#94a3b8" fillOpacity={0.28} />
                <path d={linePath(points)} fill="none" stroke="#94a3b8" strokeWidth={1.5} strokeLinejoin="round" />
                <g clipPath={`url(#${clipId})`}>
                  <path d={areaPath(points, PLOT_HEIGHT)} fill={`url(#${gradientId})`} />
                  <path d={linePath(points)} fill="none" stroke="#ff6600" strokeWidth={2} strokeLinejoin="round" />
                </g>
              </>
            )}
            {playhead !== null && (
              <line
                data-testid="preview-playhead"
                x1={xForTime(playhead, duration, width)}
                x2={xForTime(playhead, duration, width)}
                y1={0}
                y2={PLOT_HEIGHT}
                stroke="#0f1115"
                strokeWidth={2}
              />
            )}
            {showCursor && cursor !== null && (
              <g>
                <line
                  x1={xForTime(cursor + 0.5, duration, width)}
                  x2={xForTime(cursor + 0.5, duration, width)}
                  y1={0}
                  y2={PLOT_HEIGHT}
                  stroke="#0f1115"
                  strokeOpacity={0.5}
                  strokeDasharray="2 3"
                />
                {cursorScore !== null && (
                  <circle cx={xForTime(cursor + 0.5, duration, width)} cy={yForScore(cursorScore, box)} r={4} fill="#fff" stroke="#0f1115" strokeWidth={1.5} />
                )}
              </g>
            )}
          </svg>

          {/* The plot itself is a slider over the seconds: focus it and use the arrow keys. */}
          <div
            role="slider"
            tabIndex={0}
            aria-label="Score over time"
            aria-valuemin={0}
            aria-valuemax={Math.floor(duration)}
            aria-valuenow={cursor ?? 0}
            aria-valuetext={cursor === null ? 'Move to read the score at a time' : `${formatDuration(cursor)}, score ${formatScore(cursorScore)}`}
            data-testid="timeline-scrubber"
            className="absolute inset-0 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            onFocus={() => {
              setFocused(true);
              setCursor((c) => c ?? 0);
            }}
            onBlur={() => {
              setFocused(false);
              setCursor(null);
            }}
            onKeyDown={onScrubKey}
          />

          {onEdit && (
            <MomentBlocks
              moments={moments}
              duration={duration}
              cuts={cuts}
              width={width}
              timeAtClientX={timeAtClientX}
              onEdit={onEdit}
              activeIndex={activeIndex}
              onActiveIndexChange={onActiveIndexChange}
            />
          )}

          {showCursor && cursor !== null && (
            <div
              className="pointer-events-none absolute top-2 z-20 whitespace-nowrap rounded-md bg-foreground px-2 py-1 text-[11px] font-medium text-white shadow-md"
              style={{
                left: `${percentForTime(cursor + 0.5, duration)}%`,
                transform: `translateX(${percentForTime(cursor + 0.5, duration) > 70 ? 'calc(-100% - 8px)' : '8px'})`,
              }}
              data-testid="timeline-readout"
              aria-hidden="true"
            >
              <span className="font-mono tabular-nums">{formatDuration(cursor)}</span>
              <span className="text-white/70"> · score </span>
              <span className="font-mono tabular-nums">{formatScore(cursorScore)}</span>
              {cursorMoment >= 0 && <span className="text-white/70"> · moment {cursorMoment + 1}</span>}
            </div>
          )}
        </div>

        {strip && <VideoStrip {...strip} duration={duration} width={width} moments={moments} />}

        {/* Seconds of the video. */}
        <div className="relative mt-1 h-4 text-[11px] text-muted-foreground" aria-hidden="true">
          {ticks.map((t, i) => {
            const left = percentForTime(t, duration);
            const edge = i === 0 ? 'translate-x-0' : left > 97 ? '-translate-x-full' : '-translate-x-1/2';
            return (
              <span key={t} className={cn('absolute top-0 font-mono tabular-nums', edge)} style={{ left: `${left}%` }}>
                {formatDuration(t)}
              </span>
            );
          })}
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-[11px] text-muted-foreground" aria-hidden="true">
          <span className="flex items-center gap-1.5">
            <span className="h-2 w-3 rounded-sm bg-slate-400/50 ring-1 ring-slate-400" />
            Score per second (0 to 1)
          </span>
          <span className="flex items-center gap-1.5">
            <span className="h-2 w-3 rounded-sm bg-brand/25 ring-1 ring-brand" />
            Chosen moments
          </span>
        </div>
      </div>
    </figure>
  );
}
