import { create } from '@bufbuild/protobuf';
import { authV1 } from '@reelsmith/proto';
import { ProtoRequestDeserializer, ProtoRequestSerializer, ProtoResponseDeserializer, ProtoResponseSerializer } from './codec';
import { ErrorCode, RpcFailure } from './rpc-error';

describe('the proto codec for NestJS packets on NATS', () => {
  it('carries a request message across, typed', () => {
    const request = create(authV1.LoginRequestSchema, { username: 'ana', password: 'secret1' });
    const { data } = new ProtoRequestSerializer().serialize({ id: 'abc', pattern: 'auth.login', data: request });
    expect(data).toBeInstanceOf(Uint8Array);
    const incoming = new ProtoRequestDeserializer().deserialize(data);
    expect(incoming.id).toBe('abc');
    expect(incoming.pattern).toBe('auth.login');
    expect(incoming.data).toEqual(request);
    expect((incoming.data as authV1.LoginRequest).$typeName).toBe('auth.v1.LoginRequest');
  });

  it('carries a reply message across', () => {
    const reply = create(authV1.UserSchema, { id: 'u1', username: 'ana' });
    const { data } = new ProtoResponseSerializer().serialize({ id: 'abc', response: reply, isDisposed: true });
    const incoming = new ProtoResponseDeserializer().deserialize(data);
    expect(incoming).toMatchObject({ id: 'abc', isDisposed: true, err: undefined });
    expect(incoming.response).toEqual(reply);
  });

  it('turns a thrown RpcFailure into the same RpcFailure on the caller side', () => {
    const thrown = RpcFailure.invalid('Password must be at least 6 characters', [{ field: 'password', message: 'Password must be at least 6 characters' }]);
    const { data } = new ProtoResponseSerializer().serialize({ id: 'x', err: thrown.getError(), isDisposed: true });
    const { err } = new ProtoResponseDeserializer().deserialize(data);
    expect(err).toBeInstanceOf(RpcFailure);
    expect(err).toMatchObject({ code: ErrorCode.INVALID_ARGUMENT, message: thrown.message, violations: thrown.violations });
  });

  it("carries the retry time of RESOURCE_EXHAUSTED (the gateway's Retry-After)", () => {
    const thrown = RpcFailure.exhausted('Too many test e-mails. Please wait 42 seconds and try again.', 42);
    const { data } = new ProtoResponseSerializer().serialize({ id: 'x', err: thrown.getError(), isDisposed: true });
    const { err } = new ProtoResponseDeserializer().deserialize(data);
    expect(err).toMatchObject({ code: ErrorCode.RESOURCE_EXHAUSTED, message: thrown.message, retryAfterSeconds: 42 });
    const plain = new ProtoResponseDeserializer().deserialize(
      new ProtoResponseSerializer().serialize({ id: 'y', err: RpcFailure.notFound('gone').getError(), isDisposed: true }).data,
    );
    expect(plain.err).toMatchObject({ retryAfterSeconds: 0 });
  });

  it('never leaks an unexpected error: it becomes INTERNAL', () => {
    const { data } = new ProtoResponseSerializer().serialize({ id: 'x', err: { status: 'error', message: 'relation "users" does not exist' } });
    const { err } = new ProtoResponseDeserializer().deserialize(data);
    expect(err).toMatchObject({ code: ErrorCode.INTERNAL, message: 'Internal server error' });
  });

  it('refuses to send something that is not a contract message', () => {
    expect(() => new ProtoRequestSerializer().serialize({ id: '1', pattern: 'auth.login', data: { username: 'x' } })).toThrow(/not a contract message/);
  });

  it('treats garbage bytes as a packet with no id instead of crashing', () => {
    const incoming = new ProtoRequestDeserializer().deserialize(new Uint8Array([0xff, 0xff, 0xff]), { channel: 'auth.login' });
    expect(incoming.id).toBeUndefined();
  });
});
