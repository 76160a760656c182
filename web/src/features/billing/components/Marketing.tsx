import { Sparkles, Star } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/utils';
import { type BillingInterval, FEATURES, NO_FREE_TIER_BANNER, STATS, TESTIMONIALS } from '../marketing';
import { IntervalToggle, PlanCards } from './PlanCards';

export function NoFreeTierBanner() {
  return (
    <p data-testid="no-free-tier" className="rounded-xl bg-foreground px-4 py-3 text-center text-sm font-semibold tracking-wide text-background">
      {NO_FREE_TIER_BANNER}
    </p>
  );
}

export function PricingSection({ heading = 'Pricing' }: { heading?: string }) {
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  return (
    <section aria-labelledby="pricing-heading" className="grid gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="pricing-heading" className="text-xl font-semibold tracking-tight">
          {heading}
        </h2>
        <IntervalToggle value={interval} onChange={setBillingInterval} />
      </div>
      <PlanCards interval={interval} />
    </section>
  );
}

/** The dashboard's marketing sections: features, testimonials, the four stats, pricing. */
export function MarketingSections() {
  return (
    <div className="grid gap-10 border-t border-border pt-8" data-testid="marketing">
      <section aria-labelledby="features-heading" className="grid gap-4">
        <h2 id="features-heading" className="text-xl font-semibold tracking-tight">
          Why creators pick Reelsmith
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          {FEATURES.map((f) => (
            <div key={f.title} className="rounded-2xl border border-border bg-card p-5">
              <Sparkles className="size-5 text-brand" aria-hidden="true" />
              <h3 className="mt-2 font-semibold">{f.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{f.text}</p>
            </div>
          ))}
        </div>
      </section>
      <section aria-label="Usage statistics" className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {STATS.map((s) => (
          <div key={s.label} className="rounded-2xl bg-muted p-4 text-center">
            <p className="text-2xl font-semibold tracking-tight">{s.value}</p>
            <p className="text-xs text-muted-foreground">{s.label}</p>
          </div>
        ))}
      </section>
      <section aria-labelledby="testimonials-heading" className="grid gap-4">
        <h2 id="testimonials-heading" className="text-xl font-semibold tracking-tight">
          What creators say
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <figure key={t.id} className={cn('rounded-2xl border bg-card p-5', t.featured ? 'border-brand' : 'border-border')}>
              <div className="flex gap-0.5" role="img" aria-label={`${t.rating} out of 5 stars`}>
                {[1, 2, 3, 4, 5].map((n) => (
                  <Star key={n} className={cn('size-4', n <= t.rating ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground')} aria-hidden="true" />
                ))}
              </div>
              <blockquote className="mt-3 text-sm">“{t.content}”</blockquote>
              <figcaption className="mt-3 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{t.name}</span>, {t.role} at {t.company} · {t.videoCount} videos
              </figcaption>
            </figure>
          ))}
        </div>
      </section>
      <PricingSection />
    </div>
  );
}
