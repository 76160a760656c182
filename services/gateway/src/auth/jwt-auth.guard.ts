import { type ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { IS_PUBLIC, verifyMediaPath } from '@reelsmith/kit';
import type { GatewayConfig } from '../config';
import { GATEWAY_CONFIG } from '../tokens';
import type { Caller } from './jwt.strategy';
import { SIGNED_MEDIA } from './signed-media.decorator';

/**
 * Every route needs a valid Bearer token unless marked @Public(); @SignedMedia() routes also accept
 * a valid signed URL instead. Decided by the route's metadata, never by the text of its path, so
 * no spelling of a URL gets around it.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<Request & { user?: Caller }>();
    const marks = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(SIGNED_MEDIA, marks) && request.query.sig !== undefined) {
      const userId = verifyMediaPath(this.config.MEDIA_URL_SECRET, request.path, request.query);
      if (!userId) throw new UnauthorizedException('This media link has expired or is not valid');
      request.user = { userId, username: '' };
      return true;
    }
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, marks)) return true;
    return super.canActivate(context);
  }

  override handleRequest<T>(err: unknown, user: T): T {
    if (err || !user) throw new UnauthorizedException('Authentication required');
    return user;
  }
}
