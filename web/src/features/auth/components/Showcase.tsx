import { ArrowDown } from 'lucide-react';
import { PlanPrices } from '../../billing';
import { SampleReel } from '../../demo';

/** What a visitor would pay for, beside the sign-in forms: a sample reel, the two plans, the FAQ link. */
export function Showcase() {
  return (
    <section
      id="showcase"
      aria-labelledby="plans-heading"
      className="relative bg-sidebar px-6 pb-10 pt-8 sm:px-10 lg:col-start-1 lg:row-start-2 lg:bg-transparent lg:px-14 lg:pb-10 lg:pt-7"
    >
      <SampleReel className="max-w-lg" />
      <h2 id="plans-heading" className="mt-7 text-[15px] font-semibold text-white">
        Two plans, monthly or yearly. Cancel anytime.
      </h2>
      <div className="mt-3 max-w-lg">
        <PlanPrices />
      </div>
      <a
        href="#faq"
        className="mt-5 inline-flex items-center gap-1.5 rounded text-sm font-semibold text-white underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        Questions? Read the FAQ
        <ArrowDown className="size-4" aria-hidden="true" />
      </a>
    </section>
  );
}
