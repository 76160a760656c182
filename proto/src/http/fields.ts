import { z } from 'zod/v4';

/**
 * The building blocks of the JSON bodies the HTTP API takes. Each one carries the message a client
 * gets when a value does not fit, so the declaration of a body is also its validation and its
 * OpenAPI schema.
 */

const fieldOf = (path: readonly PropertyKey[]) => String([...path].reverse().find((p) => typeof p === 'string') ?? 'value');
const typeName = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** A text of at most `max` characters; absent or null reads as ''. */
export function text(max = 2048) {
  const error = (iss: { path?: PropertyKey[] }) => `${fieldOf(iss.path ?? [])} must be a text of at most ${max} characters`;
  return z
    .string({ error })
    .max(max, { error })
    .nullish()
    .transform((v) => v ?? '');
}

/** A text of at most `max` characters that may be left out (undefined) or cleared (null). */
export function optionalText(max: number) {
  const error = (iss: { path?: PropertyKey[] }) => `${fieldOf(iss.path ?? [])} must be a text of at most ${max} characters`;
  return z.string({ error }).max(max, { error }).nullable().optional();
}

/** A finite number of at least 0; absent or null reads as 0. */
export function amount() {
  const error = (iss: { path?: PropertyKey[] }) => `${fieldOf(iss.path ?? [])} must be a number of at least 0`;
  return z
    .number({ error })
    .min(0, { error })
    .nullish()
    .transform((v) => v ?? 0);
}

/** true or false; absent or null reads as false. */
export function flag() {
  return z
    .boolean({ error: (iss) => `${fieldOf(iss.path ?? [])} must be true or false` })
    .nullish()
    .transform((v) => v === true);
}

/** true or false, left out when absent (a partial update). */
export function optionalFlag() {
  return z.boolean({ error: (iss) => `Expected boolean, received ${typeName(iss.input)}` }).optional();
}

/** An object holding only the given fields; `what` names it in the message when it is not one. */
export function fieldsOf<T extends z.ZodRawShape>(shape: T, what: string) {
  return z.strictObject(shape, { error: (iss) => (iss.code === 'invalid_type' ? `${what} must be a JSON object` : undefined) });
}

/** A body that takes no fields at all. */
export const noFields = fieldsOf({}, 'The request body');

export interface BodyProblem {
  message: string;
  details: Array<{ field: string; message: string }>;
}

/**
 * Checks a parsed JSON body against its declaration: the value it stands for, or the first problem
 * with it. No body at all is an empty object; an unknown field (a typo, `__proto__`, a smuggled
 * `userId`) is named before anything else.
 */
export function readBody<S extends z.ZodType>(schema: S, value: unknown): { value: z.output<S> } | { problem: BodyProblem } {
  const result = schema.safeParse(value === undefined ? {} : value);
  if (result.success) return { value: result.data };
  const issues = result.error.issues;
  const unknown = issues.find((i) => i.code === 'unrecognized_keys');
  if (unknown && unknown.code === 'unrecognized_keys') {
    const keys = unknown.keys;
    return {
      problem: {
        message: `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`,
        details: keys.map((field) => ({ field, message: 'Unknown field' })),
      },
    };
  }
  const first = issues[0];
  const field = first.path.map(String).join('.');
  return { problem: { message: first.message, details: field ? [{ field, message: first.message }] : [] } };
}
