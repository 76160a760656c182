import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { RpcHandler } from '@reelsmith/kit';
import { authV1 } from '@reelsmith/proto';
import { AuthService } from './auth.service';

const { AuthService: Rpc } = authV1;

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @RpcHandler(Rpc.method.register)
  register(@Payload() request: authV1.RegisterRequest) {
    return this.auth.register(request);
  }

  @RpcHandler(Rpc.method.login)
  login(@Payload() request: authV1.LoginRequest) {
    return this.auth.login(request);
  }

  @RpcHandler(Rpc.method.me)
  me(@Payload() request: authV1.MeRequest) {
    return this.auth.me(request.userId);
  }

  @RpcHandler(Rpc.method.userFind)
  find(@Payload() request: authV1.UserFindRequest) {
    return this.auth.find(request.username);
  }
}
