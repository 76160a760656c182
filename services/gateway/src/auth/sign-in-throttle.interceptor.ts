import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  type NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { CounterUnavailableError, ErrorCode, RpcFailure } from '@reelsmith/kit';
import type { Request, Response } from 'express';
import { lastValueFrom, type Observable, of } from 'rxjs';
import { SignInThrottle, type Verdict } from './sign-in-throttle';

type SignInKind = 'login' | 'register';
const SIGN_IN_KIND = Symbol('SIGN_IN_KIND');

/** Puts a sign-in or registration route under the shared sign-in limits. */
export const SignInThrottled = (kind: SignInKind) => applyDecorators(SetMetadata(SIGN_IN_KIND, kind), UseInterceptors(SignInThrottleInterceptor));

/**
 * Asks the throttle before the handler runs (429 with Retry-After when the source is over its
 * budget) and tells it how a sign-in ended. The limits live in NATS, like the auth service itself:
 * when they cannot be read, sign-in fails closed with 503 rather than letting guesses through
 * uncounted; a sign-in could not reach the auth service then anyway.
 */
@Injectable()
export class SignInThrottleInterceptor implements NestInterceptor {
  private readonly logger = new Logger('SignInThrottle');

  constructor(
    private readonly throttle: SignInThrottle,
    private readonly reflector: Reflector,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const ip = request.ip ?? request.socket.remoteAddress ?? '';
    const username = typeof request.body?.username === 'string' ? request.body.username : '';
    try {
      if (this.reflector.get<SignInKind>(SIGN_IN_KIND, context.getHandler()) === 'register') {
        refuseWhenLimited(await this.throttle.admitRegistration(ip), response);
        const created = await lastValueFrom(next.handle());
        await this.afterward(this.throttle.registered(ip, username));
        return of(created);
      }
      const { attempt, verdict } = await this.throttle.admitLogin(ip, username);
      refuseWhenLimited(verdict, response);
      let result: unknown;
      try {
        result = await lastValueFrom(next.handle());
      } catch (err) {
        if (err instanceof RpcFailure && err.code === ErrorCode.UNAUTHENTICATED) await this.afterward(this.throttle.loginFailed(attempt));
        throw err;
      }
      await this.afterward(this.throttle.loginSucceeded(attempt));
      return of(result);
    } catch (err) {
      if (!(err instanceof CounterUnavailableError)) throw err;
      this.logger.warn(`sign-in refused, the limits cannot be read: ${err.message}`);
      throw RpcFailure.unavailable('Sign-in is temporarily unavailable. Please try again in a moment.');
    }
  }

  /** Once auth has answered, a lost update must not change that answer. */
  private async afterward(update: Promise<void>): Promise<void> {
    await update.catch((err: Error) => this.logger.warn(`sign-in outcome not recorded: ${err.message}`));
  }
}

function refuseWhenLimited(verdict: Verdict, response: Response): void {
  if (verdict.allowed) return;
  const minutes = Math.ceil(verdict.retryAfterMs / 60_000);
  response.setHeader('Retry-After', String(Math.ceil(verdict.retryAfterMs / 1000)));
  throw new HttpException(`Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`, HttpStatus.TOO_MANY_REQUESTS);
}
