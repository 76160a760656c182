/** Public API of the subscribe feature (its page loads lazily from app/router.tsx). */
export { PLAN_NAMES, parsePlan } from './plan';
export { SubscribeCheckout } from './SubscribeCheckout';
