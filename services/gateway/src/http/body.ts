import { RpcFailure } from '@reelsmith/kit';

export type Body = Record<string, unknown>;

/** A text field of a JSON body: absent means empty, anything but a string (or too long) is a 400. */
export function text(body: Body, field: string, max = 2048): string {
  const value = body[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.length > max) throw RpcFailure.invalid(`${field} must be a text of at most ${max} characters`);
  return value;
}

/** A number field of a JSON body: absent means 0, anything but a finite number >= 0 is a 400. */
export function number(body: Body, field: string): number {
  const value = body[field] ?? 0;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw RpcFailure.invalid(`${field} must be a number of at least 0`);
  return value;
}

/**
 * The render choices of a reel or export request (checked for their values by the media service).
 * `musicTrackId: null` asks for no music; an absent one keeps what the reel being re-rendered had.
 */
export function renderOptions(body: Body) {
  return {
    quality: text(body, 'quality', 20),
    format: text(body, 'format', 20),
    aspect: text(body, 'aspect', 20),
    musicTrackId: text(body, 'musicTrackId', 100),
    noMusic: body.musicTrackId === null,
  };
}
