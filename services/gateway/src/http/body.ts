import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { RpcFailure } from '@reelsmith/kit';
import { readBody } from '@reelsmith/proto/http';
import type { Request } from 'express';
import { z } from 'zod/v4';

/**
 * The route's JSON body, checked against its declaration in @reelsmith/proto/http: a 400 naming the
 * field when it does not fit (an unknown field first), else the value with its defaults. /api/docs
 * shows the same declaration as the request body's schema.
 */
export function JsonBody(schema: z.ZodType): ParameterDecorator {
  const param = createParamDecorator((_: unknown, ctx: ExecutionContext) => parseBody(schema, ctx.switchToHttp().getRequest<Request>().body));
  return (target, key, index) => {
    param()(target, key, index);
    if (key === undefined) return;
    ApiBody({ schema: openApiSchema(schema) })(target, key, Object.getOwnPropertyDescriptor(target, key)!);
  };
}

/** The body's value, or a 400 with the first problem. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = readBody(schema, body);
  if ('problem' in result) throw RpcFailure.invalid(result.problem.message, result.problem.details);
  return result.value;
}

type JsonSchema = { [key: string]: unknown };

/**
 * A body's declaration as an OpenAPI 3.0 schema: JSON Schema's `anyOf [T, null]` becomes
 * `nullable: true`, which 3.0 (what Nest's document says it is) understands.
 */
export function openApiSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return toOpenApi(json) as JsonSchema;
}

function toOpenApi(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toOpenApi);
  if (!node || typeof node !== 'object') return node;
  const object = node as JsonSchema;
  const anyOf = object.anyOf as JsonSchema[] | undefined;
  if (anyOf && anyOf.length === 2 && anyOf.some((s) => s.type === 'null')) {
    const { anyOf: __, ...rest } = object;
    return { ...(toOpenApi(anyOf.find((s) => s.type !== 'null')) as JsonSchema), ...rest, nullable: true };
  }
  return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, toOpenApi(v)]));
}
