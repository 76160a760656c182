import type { INestApplication } from '@nestjs/common';
import { fromBinary } from '@bufbuild/protobuf';
import { anyUnpack } from '@bufbuild/protobuf/wkt';
import { createRpcClient, ErrorCode, RpcClient } from '@reelsmith/kit';
import { rejection } from '../../../test/support/rpc';
import { authV1, commonV1, contractRegistry } from '@reelsmith/proto';
import { connect, type NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { AuthModule } from '../src/auth.module';
import { startServiceApp } from '../../../test/support/service-app';
import { configSchema } from '../src/config';

const Rpc = authV1.AuthService.method;

function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
}

describe('auth service over real NATS and PostgreSQL', () => {
  let app: INestApplication;
  let client: RpcClient;
  let dataSource: DataSource;
  let nc: NatsConnection;

  beforeAll(async () => {
    app = await startServiceApp('auth', configSchema, (c) => AuthModule.register(c));
    dataSource = app.get(DataSource);
    client = createRpcClient(process.env.NATS_URL!, 3000);
    await client.connect();
    nc = await connect({ servers: process.env.NATS_URL! });
  });

  afterAll(async () => {
    await client.close();
    await nc.close();
    await app.close();
  });

  const countUsers = async () => Number((await dataSource.query('SELECT count(*) FROM auth.users'))[0].count);

  it('registers a user with an argon2id hash and a 7-day HS256 token', async () => {
    const session = await client.call(Rpc.register, { username: 'Alice', password: 'secret1' });
    expect(session.user?.username).toBe('Alice');
    const [row] = await dataSource.query('SELECT * FROM auth.users WHERE id = $1', [session.user?.id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('secret1');
    expect(row.username_normalized).toBe('alice');

    const header = JSON.parse(Buffer.from(session.token.split('.')[0], 'base64url').toString());
    const claims = decodeJwt(session.token);
    expect(header.alg).toBe('HS256');
    expect(claims.sub).toBe(session.user?.id);
    expect((claims.exp as number) - (claims.iat as number)).toBe(7 * 24 * 3600);
  });

  it('publishes evt.auth.user.registered in the common envelope', async () => {
    const session = await client.call(Rpc.register, { username: 'eventful', password: 'secret1' });
    const jsm = await nc.jetstreamManager();
    const stored = await jsm.streams.getMessage('EVENTS', { last_by_subj: 'evt.auth.user.registered' });
    const envelope = fromBinary(commonV1.EventEnvelopeSchema, stored.data);
    expect(envelope.source).toBe('auth');
    expect(envelope.id).toMatch(/^[0-9a-f-]{36}$/);
    const payload = anyUnpack(envelope.payload!, contractRegistry) as authV1.UserRegistered;
    expect(payload.userId).toBe(session.user?.id);
    expect(stored.header?.get('Nats-Msg-Id')).toBe(envelope.id);
  });

  it('refuses a username that differs only in case', async () => {
    await client.call(Rpc.register, { username: 'bob_smith', password: 'secret1' });
    const before = await countUsers();
    const err = await rejection(client.call(Rpc.register, { username: 'BOB_SMITH', password: 'other-pass' }));
    expect(err.code).toBe(ErrorCode.CONFLICT);
    expect(err.message).toBe('Username already taken');
    expect(await countUsers()).toBe(before);
  });

  it('answers validation errors with the spec messages and stores nothing', async () => {
    const before = await countUsers();
    const short = await rejection(client.call(Rpc.register, { username: 'ab', password: 'secret1' }));
    expect(short.code).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(short.message).toBe('Username must be at least 3 characters');
    const weak = await rejection(client.call(Rpc.register, { username: 'carol', password: '123' }));
    expect(weak.message).toBe('Password must be at least 6 characters');
    expect(weak.violations).toEqual([{ field: 'password', message: 'Password must be at least 6 characters' }]);
    expect(await countUsers()).toBe(before);
  });

  it('logs in with any letter case and rejects wrong credentials alike', async () => {
    await client.call(Rpc.register, { username: 'dave', password: 'correct-horse' });
    const session = await client.call(Rpc.login, { username: 'DAVE', password: 'correct-horse' });
    expect(decodeJwt(session.token).username).toBe('dave');

    const wrongPassword = await rejection(client.call(Rpc.login, { username: 'dave', password: 'wrong-horse' }));
    const unknownUser = await rejection(client.call(Rpc.login, { username: 'nobody', password: 'correct-horse' }));
    for (const err of [wrongPassword, unknownUser]) {
      expect(err.code).toBe(ErrorCode.UNAUTHENTICATED);
      expect(err.message).toBe('Invalid username or password');
    }
  });

  it('returns the caller for me, and UNAUTHENTICATED for unknown or malformed ids', async () => {
    const session = await client.call(Rpc.register, { username: 'erin', password: 'secret1' });
    const me = await client.call(Rpc.me, { userId: session.user!.id });
    expect(me).toMatchObject({ id: session.user!.id, username: 'erin' });
    expect(me.createdAt).toBeDefined();

    for (const userId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "'; DROP TABLE auth.users; --"]) {
      const err = await rejection(client.call(Rpc.me, { userId }));
      expect(err.code).toBe(ErrorCode.UNAUTHENTICATED);
    }
  });

  it('rejects a payload that is not the method input', async () => {
    const err = await rejection(client.call({ ...Rpc.login, input: authV1.MeRequestSchema } as unknown as typeof Rpc.me, { userId: 'x' }));
    expect(err.code).toBe(ErrorCode.INVALID_ARGUMENT);
  });

  it('has migrations that match the entities (no drift)', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('reports ready with its database and NATS', async () => {
    const url = await app.getUrl();
    const res = await fetch(`${url.replace('[::1]', '127.0.0.1')}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', checks: { database: 'ok', nats: 'ok' } });
  });
});
