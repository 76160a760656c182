export * from './bodies';
export { readBody, type BodyProblem } from './fields';
export * from './responses';
export * from './duration';
