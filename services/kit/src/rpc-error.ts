import { RpcException } from '@nestjs/microservices';
import { commonV1 } from '@reelsmith/proto';

export const ErrorCode = commonV1.ErrorCode;
export type ErrorCode = commonV1.ErrorCode;

export interface FieldViolation {
  field: string;
  message: string;
}

/** What a service throws when a request cannot be served; it crosses NATS as common.v1.RpcError. */
export class RpcFailure extends RpcException {
  constructor(
    readonly code: ErrorCode,
    override readonly message: string,
    readonly violations: FieldViolation[] = [],
    /** For RESOURCE_EXHAUSTED: seconds until a retry may succeed (the gateway's Retry-After); 0 when unknown. */
    readonly retryAfterSeconds = 0,
  ) {
    super({ code, message, violations, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) });
  }

  static invalid(message: string, violations: FieldViolation[] = []) {
    return new RpcFailure(ErrorCode.INVALID_ARGUMENT, message, violations);
  }
  static unauthenticated(message: string) {
    return new RpcFailure(ErrorCode.UNAUTHENTICATED, message);
  }
  static notFound(message: string) {
    return new RpcFailure(ErrorCode.NOT_FOUND, message);
  }
  static conflict(message: string) {
    return new RpcFailure(ErrorCode.CONFLICT, message);
  }
  static exhausted(message: string, retryAfterSeconds: number) {
    return new RpcFailure(ErrorCode.RESOURCE_EXHAUSTED, message, [], retryAfterSeconds);
  }
  static unavailable(message: string) {
    return new RpcFailure(ErrorCode.UNAVAILABLE, message);
  }
  static paymentRequired(message: string) {
    return new RpcFailure(ErrorCode.PAYMENT_REQUIRED, message);
  }
  static permissionDenied(message: string) {
    return new RpcFailure(ErrorCode.PERMISSION_DENIED, message);
  }
  static internal() {
    return new RpcFailure(ErrorCode.INTERNAL, 'Internal server error');
  }
}

const httpStatusByCode: Record<ErrorCode, number> = {
  [ErrorCode.UNSPECIFIED]: 500,
  [ErrorCode.INVALID_ARGUMENT]: 400,
  [ErrorCode.UNAUTHENTICATED]: 401,
  [ErrorCode.PERMISSION_DENIED]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.UNPROCESSABLE]: 422,
  [ErrorCode.RESOURCE_EXHAUSTED]: 429,
  [ErrorCode.UNAVAILABLE]: 503,
  [ErrorCode.INTERNAL]: 500,
  [ErrorCode.PAYMENT_REQUIRED]: 402,
};

export function httpStatusOf(code: ErrorCode): number {
  return httpStatusByCode[code] ?? 500;
}
