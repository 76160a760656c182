import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public, RpcClient } from '@reelsmith/kit';
import { authV1 } from '@reelsmith/proto';
import { type CredentialsInput, credentialsBody, type SessionJson, type TokenJson, type UserJson } from '@reelsmith/proto/http';
import { JsonBody } from '../http/body';
import { CurrentCaller } from './current-caller.decorator';
import type { Caller } from './jwt.strategy';
import { SignInThrottled } from './sign-in-throttle.interceptor';

const Rpc = authV1.AuthService.method;

/** What /api/docs shows of the shared response types (`implements` keeps them in step). */
class UserView implements UserJson {
  @ApiProperty() id!: string;
  @ApiProperty() username!: string;
  @ApiProperty() createdAt!: string;
}

class TokenView implements TokenJson {
  @ApiProperty() token!: string;
}

class SessionView extends TokenView implements SessionJson {
  @ApiProperty({ type: UserView }) user!: UserView;
}

class ErrorView {
  @ApiProperty({ example: 'Invalid username or password' }) error!: string;
}

function userJson(user: authV1.User | undefined): UserJson {
  const createdAt = user?.createdAt ? timestampDate(user.createdAt) : new Date(0);
  return { id: user?.id ?? '', username: user?.username ?? '', createdAt: createdAt.toISOString() };
}

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(private readonly rpc: RpcClient) {}

  @Public()
  @SignInThrottled('register')
  @Post('register')
  @ApiResponse({ status: 201, type: SessionView, description: 'Account created and signed in' })
  @ApiResponse({ status: 400, type: ErrorView })
  @ApiResponse({ status: 409, type: ErrorView })
  @ApiResponse({ status: 429, type: ErrorView })
  @ApiResponse({ status: 503, type: ErrorView })
  async register(@JsonBody(credentialsBody) body: CredentialsInput): Promise<SessionJson> {
    const session = await this.rpc.call(Rpc.register, body);
    return { token: session.token, user: userJson(session.user) };
  }

  @Public()
  @SignInThrottled('login')
  @Post('login')
  @HttpCode(200)
  @ApiResponse({ status: 200, type: TokenView })
  @ApiResponse({ status: 401, type: ErrorView })
  @ApiResponse({ status: 429, type: ErrorView })
  @ApiResponse({ status: 503, type: ErrorView })
  async login(@JsonBody(credentialsBody) body: CredentialsInput): Promise<TokenJson> {
    const session = await this.rpc.call(Rpc.login, body);
    return { token: session.token };
  }

  @Get('me')
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: UserView })
  @ApiResponse({ status: 401, type: ErrorView })
  async me(@CurrentCaller() caller: Caller): Promise<UserJson> {
    return userJson(await this.rpc.call(Rpc.me, { userId: caller.userId }));
  }
}
