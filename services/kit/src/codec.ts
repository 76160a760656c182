import { create, fromBinary, toBinary, type Message } from '@bufbuild/protobuf';
import { configureTextEncoding, getTextEncoding } from '@bufbuild/protobuf/wire';
import { anyPack, anyUnpack } from '@bufbuild/protobuf/wkt';
import type { Deserializer, IncomingRequest, IncomingResponse, Serializer } from '@nestjs/microservices';
import { commonV1, contractRegistry } from '@reelsmith/proto';
import { ErrorCode, RpcFailure } from './rpc-error';

/**
 * NestJS packets on NATS, as protobuf: every packet is a common.v1.RpcPacket whose `data`
 * is a google.protobuf.Any holding the request or reply message of the contract.
 */
/**
 * Strings to UTF-8 through Buffer.from, which slices small strings out of a shared pool, instead of
 * TextEncoder, which allocates a new buffer for each: a list of 100 videos writes ~2,000 strings,
 * and encoding it took ~1.3x longer with TextEncoder.
 */
configureTextEncoding({ ...getTextEncoding(), encodeUtf8: (text) => Buffer.from(text, 'utf8') });

type NestPacket = { id?: string; pattern?: unknown; data?: unknown; response?: unknown; err?: unknown; isDisposed?: boolean };

function pack(message: unknown) {
  if (message === undefined || message === null) return undefined;
  const typeName = (message as Message).$typeName;
  const schema = typeName ? contractRegistry.getMessage(typeName) : undefined;
  if (!schema) throw new Error(`not a contract message: ${typeName ?? typeof message}`);
  return anyPack(schema, message as Message);
}

function unpack(any: commonV1.RpcPacket['data']) {
  return any ? anyUnpack(any, contractRegistry) : undefined;
}

function encode(packet: commonV1.RpcPacket) {
  return { data: toBinary(commonV1.RpcPacketSchema, packet) };
}

/** Turns whatever a handler threw into the wire error: our RpcFailure as it is, anything else as INTERNAL. */
function toWireError(err: unknown): commonV1.RpcError {
  const e = err as { code?: unknown; message?: unknown; violations?: unknown; retryAfterSeconds?: unknown } | undefined;
  if (e && typeof e.code === 'number' && e.code in ErrorCode && typeof e.message === 'string') {
    return create(commonV1.RpcErrorSchema, {
      code: e.code,
      message: e.message,
      violations: Array.isArray(e.violations) ? e.violations : [],
      retryAfterSeconds: typeof e.retryAfterSeconds === 'number' ? Math.max(0, Math.ceil(e.retryAfterSeconds)) : 0,
    });
  }
  return create(commonV1.RpcErrorSchema, { code: ErrorCode.INTERNAL, message: 'Internal server error' });
}

function fromWireError(error: commonV1.RpcError): RpcFailure {
  return new RpcFailure(
    error.code,
    error.message,
    error.violations.map(({ field, message }) => ({ field, message })),
    error.retryAfterSeconds,
  );
}

/** Client side: request packet -> bytes. */
export class ProtoRequestSerializer implements Serializer {
  serialize(packet: NestPacket) {
    return encode(
      create(commonV1.RpcPacketSchema, {
        id: packet.id ?? '',
        pattern: typeof packet.pattern === 'string' ? packet.pattern : JSON.stringify(packet.pattern),
        data: pack(packet.data),
      }),
    );
  }
}

/** Server side: bytes -> request packet for the handler. */
export class ProtoRequestDeserializer implements Deserializer {
  deserialize(value: Uint8Array, options?: { channel?: string }): IncomingRequest {
    try {
      const packet = fromBinary(commonV1.RpcPacketSchema, value);
      return { id: packet.id || undefined, pattern: packet.pattern || options?.channel, data: unpack(packet.data) } as IncomingRequest;
    } catch {
      // Not ours (or corrupt): hand Nest a packet with no data; the handler answers INVALID_ARGUMENT.
      return { id: undefined as unknown as string, pattern: options?.channel ?? '', data: undefined };
    }
  }
}

/** Server side: reply packet -> bytes. */
export class ProtoResponseSerializer implements Serializer {
  serialize(packet: NestPacket) {
    const hasError = packet.err !== undefined && packet.err !== null;
    return encode(
      create(commonV1.RpcPacketSchema, {
        id: packet.id ?? '',
        data: hasError ? undefined : pack(packet.response),
        error: hasError ? toWireError(packet.err) : undefined,
        disposed: packet.isDisposed ?? false,
      }),
    );
  }
}

/** Client side: bytes -> reply packet; a wire error becomes an RpcFailure. */
export class ProtoResponseDeserializer implements Deserializer {
  deserialize(value: Uint8Array): IncomingResponse {
    const packet = fromBinary(commonV1.RpcPacketSchema, value);
    return {
      id: packet.id,
      response: unpack(packet.data),
      err: packet.error ? fromWireError(packet.error) : undefined,
      isDisposed: packet.disposed,
    };
  }
}
