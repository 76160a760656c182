import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { isUuid } from '@reelsmith/kit';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { GATEWAY_CONFIG } from '../tokens';
import type { GatewayConfig } from '../config';

/** Who is calling, from a verified token. */
export interface Caller {
  userId: string;
  username: string;
}

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject made once: given the string, jsonwebtoken tries it as a public key (which throws)
      // and then makes a secret key from it on every request.
      secretOrKey: createSecretKey(Buffer.from(config.JWT_SECRET)) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  validate(payload: { sub?: unknown; username?: unknown }): Caller | false {
    // Our tokens name a user by id; anything else is not one of ours, whoever signed it.
    if (typeof payload.sub !== 'string' || !isUuid(payload.sub) || typeof payload.username !== 'string') return false;
    return { userId: payload.sub, username: payload.username };
  }
}
