import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BarChart3, Loader2 } from 'lucide-react';
import { PageHeader } from '../../components/layout/PageHeader';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Segmented } from '../../components/ui/segmented';
import { Skeleton } from '../../components/ui/skeleton';
import { withPageLinks } from '../../components/ui/page-links';
import { ApiError, errorWithoutData, getServerErrorMessage } from '../../lib/api-client';
import { useAnalytics } from './api/analytics';
import { TopReels } from './components/TopReels';
import { WeeklyChart } from './components/WeeklyChart';
import { totalCards, WEEK_CHOICES, type WeekChoice } from './lib/analytics';

/** /analytics (Pro): the creator's totals, activity per week and most watched reels (docs/analytics.md). */
export function AnalyticsPage() {
  const [weeks, setWeeks] = useState<WeekChoice>(12);
  const analytics = useAnalytics(weeks);
  const error = errorWithoutData(analytics);
  const needsPro = error instanceof ApiError && (error.status === 402 || error.status === 403);

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Analytics"
        description="Your videos, reels and the views of your share links, week by week."
        actions={
          analytics.data && (
            <Segmented
              legend="Range"
              size="sm"
              options={WEEK_CHOICES.map((w) => ({ value: w, label: `${w} weeks` }))}
              value={weeks}
              onChange={setWeeks}
              className="w-72 max-w-full"
              data-testid="analytics-weeks"
            />
          )
        }
      />
      {needsPro ? (
        <UpgradeCard message={getServerErrorMessage(error) ?? 'Advanced analytics are part of Pro.'} />
      ) : error ? (
        <p role="alert" className="text-sm text-destructive">
          {getServerErrorMessage(error) ?? error.message}
        </p>
      ) : !analytics.data ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
          <Skeleton className="h-64 sm:col-span-2 lg:col-span-4" />
        </div>
      ) : (
        <>
          <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="analytics-totals">
            {totalCards(analytics.data.totals).map((card) => (
              <div key={card.label} className="rounded-2xl border border-border bg-card p-4 shadow-xs" data-testid={`total-${card.label.toLowerCase()}`}>
                <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{card.label}</p>
                <p className="mt-1 text-2xl font-semibold tabular-nums text-foreground">{card.value}</p>
                <p className="mt-0.5 truncate text-xs text-muted-foreground">{card.detail}</p>
              </div>
            ))}
          </section>
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <Card>
              <CardHeader>
                <CardTitle as="h2" className="flex items-center gap-2">
                  Week by week
                  {analytics.isFetching && <Loader2 className="size-4 animate-spin text-muted-foreground" aria-label="Loading" />}
                </CardTitle>
                <CardDescription>Monday to Sunday; the last bar is this week so far.</CardDescription>
              </CardHeader>
              <CardContent>
                <WeeklyChart weeks={analytics.data.weeks} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle as="h2">Most watched reels</CardTitle>
                <CardDescription>Views of every share link of a reel, since it was made.</CardDescription>
              </CardHeader>
              <CardContent>
                <TopReels reels={analytics.data.topReels} />
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </div>
  );
}

function UpgradeCard({ message }: { message: string }) {
  return (
    <Card data-testid="analytics-upgrade">
      <CardContent className="flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand">
          <BarChart3 className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-foreground">Advanced analytics come with Pro</h2>
          <p className="mt-1 text-sm text-muted-foreground">{withPageLinks(message)}</p>
        </div>
        <Link to="/pricing" className={buttonVariants()}>
          See plans
        </Link>
      </CardContent>
    </Card>
  );
}
