/**
 * The header that makes a create request idempotent, as in Stripe's API: requests of one user with
 * the same key make one thing and all get its answer. The gateway honours it; the web app sends it.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX = 255;
