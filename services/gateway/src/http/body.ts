import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { RpcFailure } from '@reelsmith/kit';
import type { Request } from 'express';

export type Body = Record<string, unknown>;

/**
 * A JSON object holding only the given fields (no body at all is an empty one). Anything else is a
 * 400: a list or a bare value, a field the route does not know, `__proto__` or `constructor`, so a
 * typo or a smuggled field never passes quietly.
 */
export function jsonObject(value: unknown, fields: readonly string[], what = 'The request body'): Body {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw RpcFailure.invalid(`${what} must be a JSON object`);
  const unknown = Object.keys(value).filter((key) => !fields.includes(key));
  if (unknown.length > 0) {
    throw RpcFailure.invalid(`Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`, unknown.map((field) => ({ field, message: 'Unknown field' })));
  }
  return value as Body;
}

const jsonBodyParam = createParamDecorator((fields: readonly string[], ctx: ExecutionContext): Body =>
  jsonObject(ctx.switchToHttp().getRequest<Request>().body, fields));

/**
 * The route's JSON body, checked by jsonObject against the fields the route takes. /api/docs shows
 * the same fields as the request body (an object with no other properties).
 */
export function JsonBody(fields: readonly string[]): ParameterDecorator {
  return (target, key, index) => {
    jsonBodyParam(fields)(target, key, index);
    if (key === undefined) return;
    const schema = { type: 'object' as const, additionalProperties: false, properties: Object.fromEntries(fields.map((field) => [field, {}])) };
    ApiBody({ schema })(target, key, Object.getOwnPropertyDescriptor(target, key)!);
  };
}

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

/** The fields of a reel or export request that choose how it is rendered. */
export const RENDER_FIELDS = ['quality', 'format', 'aspect', 'musicTrackId'] as const;

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
