import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Caller } from './jwt.strategy';

export const CurrentCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): Caller => ctx.switchToHttp().getRequest().user);
