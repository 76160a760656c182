import { type CanActivate, type ExecutionContext, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { GatewayConfig } from '../config';
import { GATEWAY_CONFIG } from '../tokens';
import { FixedWindowLimiter } from './rate-limiter';

/** Slows down password guessing and account spraying: limits per client IP and per username. */
@Injectable()
export class AuthRateLimitGuard implements CanActivate {
  private readonly perIp: FixedWindowLimiter;
  private readonly perUsername: FixedWindowLimiter;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.perIp = new FixedWindowLimiter(config.AUTH_RATE_LIMIT_PER_IP, config.AUTH_RATE_LIMIT_WINDOW_MS);
    this.perUsername = new FixedWindowLimiter(config.AUTH_RATE_LIMIT_PER_USERNAME, config.AUTH_RATE_LIMIT_WINDOW_MS);
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const username = typeof request.body?.username === 'string' ? request.body.username.trim().toLowerCase() : '';
    const verdicts = [this.perIp.hit(`ip:${request.ip}`)];
    if (username) verdicts.push(this.perUsername.hit(`user:${username}`));
    const retryAfterMs = Math.max(...verdicts.map((v) => v.retryAfterMs));
    if (retryAfterMs === 0) return true;

    const minutes = Math.ceil(retryAfterMs / 60_000);
    context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(Math.ceil(retryAfterMs / 1000)));
    throw new HttpException(
      `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
