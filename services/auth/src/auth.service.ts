import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { EventPublisher, normalizeUsername, RpcFailure } from '@reelsmith/kit';
import { authV1 } from '@reelsmith/proto';
import { credentialViolations, type Credentials } from './credentials';
import type { UserEntity } from './entities/user.entity';
import { PasswordHasher } from './password-hasher';
import { UsernameTakenError, UsersRepository } from './users.repository';

export interface TokenClaims {
  sub: string;
  username: string;
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly jwt: JwtService,
    private readonly events: EventPublisher,
  ) {}

  async register(input: Credentials): Promise<authV1.AuthSession> {
    const credentials = this.validated(input);
    let user: UserEntity;
    try {
      user = await this.users.create({
        username: credentials.username,
        usernameNormalized: normalizeUsername(credentials.username),
        passwordHash: await this.hasher.hash(credentials.password),
      });
    } catch (err) {
      if (err instanceof UsernameTakenError) throw RpcFailure.conflict('Username already taken');
      throw err;
    }
    await this.events
      .publish(authV1.UserRegisteredSchema, { userId: user.id, username: user.username })
      .catch((err) => this.logger.error(`evt.auth.user.registered not published for ${user.id}: ${(err as Error).message}`));
    return this.session(user);
  }

  async login(input: Credentials): Promise<authV1.AuthSession> {
    const credentials = this.validated(input);
    const user = await this.users.findByNormalizedUsername(normalizeUsername(credentials.username));
    const passwordMatches = await this.hasher.verify(user?.passwordHash, credentials.password);
    if (!user || !passwordMatches) throw RpcFailure.unauthenticated('Invalid username or password');
    return this.session(user);
  }

  async me(userId: string): Promise<authV1.User> {
    const user = await this.users.findById(userId);
    if (!user) throw RpcFailure.unauthenticated('This account no longer exists');
    return toUserMessage(user);
  }

  /** The user called `username` (as sign-in matches it: trimmed, case-insensitive). */
  async find(username: string): Promise<authV1.User> {
    const user = await this.users.findByNormalizedUsername(normalizeUsername(username.trim()));
    if (!user) throw RpcFailure.notFound(`No Reelsmith user is called “${username.trim()}”.`);
    return toUserMessage(user);
  }

  private validated(input: Credentials): Credentials {
    const credentials = { username: input.username.trim(), password: input.password };
    const violations = credentialViolations(credentials);
    if (violations.length > 0) throw RpcFailure.invalid(violations[0].message, violations);
    return credentials;
  }

  private async session(user: UserEntity): Promise<authV1.AuthSession> {
    const claims: TokenClaims = { sub: user.id, username: user.username };
    const token = await this.jwt.signAsync(claims);
    return create(authV1.AuthSessionSchema, { token, user: toUserMessage(user) });
  }
}

function toUserMessage(user: UserEntity): authV1.User {
  return create(authV1.UserSchema, { id: user.id, username: user.username, createdAt: timestampFromDate(user.createdAt) });
}
