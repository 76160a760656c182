/** The text of a UUID (8-4-4-4-12 hex digits), any version, either case: what every id of Reelsmith is. */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A whole string that is a UUID, in either case (PostgreSQL's uuid type reads both). */
export const UUID_PATTERN = new RegExp(`^${UUID_SOURCE}$`, 'i');

/**
 * Whether a value is a UUID: checked before an id reaches a uuid column (PostgreSQL refuses other
 * text with an error, not with "no row") or an object key.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
