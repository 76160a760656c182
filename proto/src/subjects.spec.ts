import { authV1, eventSubject, rpcSubject } from './index';

describe('subjects derive from the contract names', () => {
  it('names RPC subjects after the domain and the method', () => {
    expect(rpcSubject(authV1.AuthService.method.register)).toBe('auth.register');
    expect(rpcSubject(authV1.AuthService.method.login)).toBe('auth.login');
    expect(rpcSubject(authV1.AuthService.method.me)).toBe('auth.me');
  });

  it('names event subjects evt.<domain>.<noun>.<verb>', () => {
    expect(eventSubject(authV1.UserRegisteredSchema)).toBe('evt.auth.user.registered');
  });
});
