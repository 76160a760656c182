import { useState } from 'react';
import type { AnalyticsJson } from '@reelsmith/proto/http';
import { Segmented } from '../../../components/ui/segmented';
import { cn } from '../../../lib/utils';
import { barHeights, type Metric, METRICS, metricText, weekLabel } from '../lib/analytics';

/**
 * One bar per week for the metric picked (uploads, reels or views). The bars are a picture; the
 * same numbers are in a table for screen readers, and each bar names its week and count on hover.
 */
export function WeeklyChart({ weeks }: { weeks: AnalyticsJson['weeks'] }) {
  const [metric, setMetric] = useState<Metric>('uploads');
  const values = weeks.map((w) => w[metric]);
  const heights = barHeights(values);
  const total = values.reduce((a, b) => a + b, 0);
  // At most about 13 labels under the bars, whatever the range.
  const labelEvery = Math.ceil(weeks.length / 13);
  const metricLabel = METRICS.find((m) => m.value === metric)!.label;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Segmented legend="Show" options={METRICS} value={metric} onChange={setMetric} className="w-full max-w-xs" data-testid="analytics-metric" />
        <p className="text-sm text-muted-foreground" data-testid="analytics-range-total">
          {metricText(metric, total)} in {weeks.length} weeks
        </p>
      </div>
      <div aria-hidden="true" className="flex h-44 items-end gap-[3px] border-b border-border sm:gap-1" data-testid="analytics-bars">
        {weeks.map((week, i) => (
          <div
            key={week.weekStart}
            className="group relative flex h-full min-w-0 flex-1 items-end"
            title={`Week of ${weekLabel(week.weekStart)}: ${metricText(metric, values[i])}`}
          >
            <div
              className={cn(
                'mx-auto w-full max-w-12 rounded-t-sm bg-brand/80 transition-[height] duration-300 group-hover:bg-brand',
                values[i] === 0 && 'bg-transparent',
              )}
              style={{ height: `${heights[i]}%` }}
              data-value={values[i]}
            />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="-mt-2 flex gap-[3px] sm:gap-1">
        {weeks.map((week, i) => (
          <span key={week.weekStart} className="min-w-0 flex-1 overflow-visible whitespace-nowrap text-[10px] text-muted-foreground">
            {i % labelEvery === 0 ? weekLabel(week.weekStart) : ''}
          </span>
        ))}
      </div>
      <table className="sr-only">
        <caption>{metricLabel} per week</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">{metricLabel}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, i) => (
            <tr key={week.weekStart}>
              <td>{weekLabel(week.weekStart)}</td>
              <td>{values[i]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
