import { type CallHandler, type ExecutionContext, HttpException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { CounterUnavailableError, ErrorCode, RpcFailure } from '@reelsmith/kit';
import { lastValueFrom, of, throwError } from 'rxjs';
import type { SignInThrottle } from './sign-in-throttle';
import { SignInThrottleInterceptor } from './sign-in-throttle.interceptor';

describe('SignInThrottleInterceptor', () => {
  const attempt = { ip: '203.0.113.9', username: 'alice' };
  let throttle: { admitLogin: jest.Mock; admitRegistration: jest.Mock; loginFailed: jest.Mock; loginSucceeded: jest.Mock };
  let setHeader: jest.Mock;
  let context: ExecutionContext;
  const login = () => undefined;

  beforeEach(() => {
    throttle = {
      admitLogin: jest.fn().mockResolvedValue({ attempt, verdict: { allowed: true } }),
      admitRegistration: jest.fn().mockResolvedValue({ allowed: true }),
      loginFailed: jest.fn().mockResolvedValue(undefined),
      loginSucceeded: jest.fn().mockResolvedValue(undefined),
    };
    setHeader = jest.fn();
    context = {
      switchToHttp: () => ({ getRequest: () => ({ ip: attempt.ip, body: { username: 'Alice' } }), getResponse: () => ({ setHeader }) }),
      getHandler: () => login,
    } as unknown as ExecutionContext;
  });

  const run = async (handler: CallHandler) => {
    const interceptor = new SignInThrottleInterceptor(throttle as unknown as SignInThrottle, new Reflector());
    return lastValueFrom(await interceptor.intercept(context, handler));
  };

  it('fails closed with 503 when the shared counters cannot be read, without asking auth', async () => {
    throttle.admitLogin.mockRejectedValue(new CounterUnavailableError('nats down'));
    const handle = jest.fn(() => of({ token: 't' }));
    await expect(run({ handle })).rejects.toMatchObject({ code: ErrorCode.UNAVAILABLE });
    expect(handle).not.toHaveBeenCalled();
  });

  it('refuses a limited source with 429 and Retry-After in whole seconds', async () => {
    throttle.admitLogin.mockResolvedValue({ attempt, verdict: { allowed: false, retryAfterMs: 90_500 } });
    const refusal = await run({ handle: () => of({}) }).catch((err: HttpException) => err);
    expect(refusal).toBeInstanceOf(HttpException);
    expect((refusal as HttpException).getStatus()).toBe(429);
    expect((refusal as HttpException).message).toBe('Too many sign-in attempts. Please wait 2 minutes and try again.');
    expect(setHeader).toHaveBeenCalledWith('Retry-After', '91');
  });

  it('records a wrong password as a failure and a sign-in as a success, answering as auth did', async () => {
    await expect(run({ handle: () => throwError(() => RpcFailure.unauthenticated('Invalid username or password')) })).rejects.toBeInstanceOf(RpcFailure);
    expect(throttle.loginFailed).toHaveBeenCalledWith(attempt);

    throttle.loginSucceeded.mockRejectedValue(new CounterUnavailableError('nats down'));
    await expect(run({ handle: () => of({ token: 't' }) })).resolves.toEqual({ token: 't' });
    expect(throttle.loginSucceeded).toHaveBeenCalledWith(attempt);
  });
});
