/** Public API of the billing feature. */
export { createSubscription, payWithTestCard, planLabel, useBilling } from './api';
export { BillingSection } from './components/BillingSection';
export { FaqSection } from './components/Faq';
export { NoFreeTierBanner } from './components/Marketing';
export { PlanPrices } from './components/PlanPrices';
export { IntervalToggle, PlanCards } from './components/PlanCards';
export { loadMarketingSections } from './lazy';
export { PLANS, priceLabel, type BillingInterval } from './marketing';
