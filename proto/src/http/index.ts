export * from './bodies';
export { readBody, type BodyProblem } from './fields';
export * from './responses';
export * from './idempotency';
export * from './filmstrip';
export * from './music-mix';
export * from './duration';
export * from './demo-reels';
export * from './speech';
