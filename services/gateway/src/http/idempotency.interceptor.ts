import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  type NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { IdempotencyStore, IdempotencyUnavailableError, RpcFailure, hashedKey } from '@reelsmith/kit';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX } from '@reelsmith/proto/http';
import type { Request, Response } from 'express';
import { lastValueFrom, type Observable, of } from 'rxjs';
import type { Caller } from '../auth/jwt.strategy';

/** Makes a create route idempotent: requests with the same Idempotency-Key header make one thing. */
export const Idempotent = () => applyDecorators(UseInterceptors(IdempotencyInterceptor));

/**
 * Keys live a day (as Stripe's); a request waits up to 30 s for an earlier one with its key (a
 * create answers in well under a second), and one still claimed after 2 minutes died with its replica.
 */
export const IDEMPOTENCY_OPTIONS = { bucket: 'idempotency_keys', ttlMs: 24 * 60 * 60_000, waitMs: 30_000, staleMs: 120_000 };

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * As in Stripe's API: a create route called with an `Idempotency-Key` header does its work once per
 * key and user; a second request with that key (a double click, a retry, a second tab, at any
 * replica) gets the first one's answer, with `Idempotent-Replayed: true`. The same key with another
 * body answers 422. A failed request gives its key back, so a retry does the work. Without the
 * header a route works as before.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly store: IdempotencyStore,
    private readonly reflector: Reflector,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request & { user?: Caller }>();
    const response = context.switchToHttp().getResponse<Response>();
    const key = request.header(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined) return next.handle();
    if (key.length > IDEMPOTENCY_KEY_MAX || !VISIBLE_ASCII.test(key)) {
      throw RpcFailure.invalid(`${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters.`);
    }
    const fingerprint = hashedKey(JSON.stringify([request.method, request.path, request.body ?? null]));
    const claim = await this.claim(`${request.user?.userId ?? ''}:${key}`, fingerprint);
    switch (claim.kind) {
      case 'replay':
        response.setHeader('Idempotent-Replayed', 'true');
        response.status(claim.response.status);
        return of(claim.response.body);
      case 'different-request':
        throw new HttpException(`This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request.`, HttpStatus.UNPROCESSABLE_ENTITY);
      case 'in-progress':
        throw new HttpException(`A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed. Please try again in a moment.`, HttpStatus.CONFLICT);
    }
    let body: unknown;
    try {
      body = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (err) {
      await claim.release().catch((e: Error) => this.logger.warn(`key not given back after a failed request: ${e.message}`));
      throw err;
    }
    const status = this.reflector.get<number>(HTTP_CODE_METADATA, context.getHandler()) ?? (request.method === 'POST' ? 201 : 200);
    // The thing is made: a lost record must not change the answer (a retry may then make it again).
    await claim.finish({ status, body }).catch((e: Error) => this.logger.warn(`answer not remembered for its key: ${e.message}`));
    return of(body);
  }

  /** The claim, or a 503 when the keys cannot be read: making a thing twice is worse than trying again. */
  private async claim(key: string, fingerprint: string) {
    try {
      return await this.store.claim(key, fingerprint);
    } catch (err) {
      if (!(err instanceof IdempotencyUnavailableError)) throw err;
      this.logger.warn(`request refused, the idempotency keys cannot be read: ${err.message}`);
      throw RpcFailure.unavailable('The service is temporarily unavailable. Please try again in a moment.');
    }
  }
}
