import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { fromBinary } from '@bufbuild/protobuf';
import { anyUnpack } from '@bufbuild/protobuf/wkt';
import { createRpcClient, ErrorCode, EventPublisher, RpcClient } from '@reelsmith/kit';
import { commonV1, contractRegistry, foldersV1 } from '@reelsmith/proto';
import { connect, type JetStreamClient, type NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { rejection } from '../../../test/support/rpc';
import { startServiceApp } from '../../../test/support/service-app';
import { configSchema } from '../src/config';
import { FoldersModule } from '../src/folders.module';
import { FoldersRepository } from '../src/folders.repository';
import { FoldersService } from '../src/folders.service';
import { TeamGate } from '../src/team-gate';

const Rpc = foldersV1.FoldersService.method;

describe('folders service over real NATS and PostgreSQL', () => {
  let app: INestApplication;
  let client: RpcClient;
  let dataSource: DataSource;
  let nc: NatsConnection;
  const alice = randomUUID();
  const bob = randomUUID();

  beforeAll(async () => {
    app = await startServiceApp('folders', configSchema, (c) => FoldersModule.register(c));
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

  const rows = async (userId: string) => dataSource.query('SELECT * FROM folders.folders WHERE user_id = $1 ORDER BY created_at', [userId]);

  it('creates a folder with trimmed fields, no description when blank, and #ff6600 by default', async () => {
    const folder = await client.call(Rpc.foldersCreate, { userId: alice, name: '  Weddings ', description: '   ', color: '' });
    expect(folder).toMatchObject({ name: 'Weddings', description: '', color: '#ff6600', id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(folder.createdAt).toBeDefined();
    const [row] = await dataSource.query('SELECT * FROM folders.folders WHERE id = $1', [folder.id]);
    expect(row).toMatchObject({ user_id: alice, name: 'Weddings', description: null, color: '#ff6600' });

    const described = await client.call(Rpc.foldersCreate, { userId: alice, name: 'Sport', description: ' Cup games  ', color: '#3B82F6' });
    expect(described).toMatchObject({ name: 'Sport', description: 'Cup games', color: '#3b82f6' });
  });

  it('refuses a blank name and a colour outside the palette, and stores nothing', async () => {
    const before = (await rows(alice)).length;
    const blank = await rejection(client.call(Rpc.foldersCreate, { userId: alice, name: '  ', description: 'x', color: '' }));
    expect(blank.code).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(blank.message).toBe('Please enter a folder name.');
    expect(blank.violations).toEqual([{ field: 'name', message: 'Please enter a folder name.' }]);
    const colour = await rejection(client.call(Rpc.foldersCreate, { userId: alice, name: 'Travel', description: '', color: '#123456' }));
    expect(colour.code).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(colour.message).toContain('one of the folder palette');
    expect((await rows(alice)).length).toBe(before);
  });

  it('lists only the caller’s folders, oldest first', async () => {
    await client.call(Rpc.foldersCreate, { userId: bob, name: 'Bob’s', description: '', color: '#ef4444' });
    const mine = await client.call(Rpc.foldersList, { userId: alice });
    expect(mine.folders.map((f) => f.name)).toEqual(['Weddings', 'Sport']);
    const his = await client.call(Rpc.foldersList, { userId: bob });
    expect(his.folders.map((f) => f.name)).toEqual(['Bob’s']);
    expect((await client.call(Rpc.foldersList, { userId: randomUUID() })).folders).toEqual([]);
  });

  it('updates name, description and colour; a blank name changes nothing at all', async () => {
    const folder = await client.call(Rpc.foldersCreate, { userId: alice, name: 'Draft', description: 'first', color: '#10b981' });
    const updated = await client.call(Rpc.foldersUpdate, { userId: alice, folderId: folder.id, name: ' Final ', description: '  ', color: '#f59e0b' });
    expect(updated).toMatchObject({ id: folder.id, name: 'Final', description: '', color: '#f59e0b' });

    const untouched = await client.call(Rpc.foldersUpdate, { userId: alice, folderId: folder.id, name: '   ', description: 'ignored', color: '#123456' });
    expect(untouched).toMatchObject({ name: 'Final', description: '', color: '#f59e0b' });
    const [row] = await dataSource.query('SELECT * FROM folders.folders WHERE id = $1', [folder.id]);
    expect(row).toMatchObject({ name: 'Final', description: null, color: '#f59e0b' });

    const kept = await client.call(Rpc.foldersUpdate, { userId: alice, folderId: folder.id, name: 'Final cut', description: 'd', color: '' });
    expect(kept).toMatchObject({ name: 'Final cut', description: 'd', color: '#f59e0b' });

    const bad = await rejection(client.call(Rpc.foldersUpdate, { userId: alice, folderId: folder.id, name: 'x', description: '', color: 'red' }));
    expect(bad.code).toBe(ErrorCode.INVALID_ARGUMENT);
  });

  it('answers NOT_FOUND for another user’s folder on get, update and delete, and leaves it alone', async () => {
    const [bobs] = (await client.call(Rpc.foldersList, { userId: bob })).folders;
    const attempts = [
      client.call(Rpc.foldersGet, { userId: alice, folderId: bobs.id }),
      client.call(Rpc.foldersUpdate, { userId: alice, folderId: bobs.id, name: 'Stolen', description: '', color: '' }),
      client.call(Rpc.foldersUpdate, { userId: alice, folderId: bobs.id, name: '', description: '', color: '' }),
      client.call(Rpc.foldersDelete, { userId: alice, folderId: bobs.id }),
      client.call(Rpc.foldersGet, { userId: alice, folderId: randomUUID() }),
      client.call(Rpc.foldersGet, { userId: alice, folderId: 'not-a-uuid' }),
      client.call(Rpc.foldersDelete, { userId: alice, folderId: "'; DROP TABLE folders.folders; --" }),
    ];
    for (const attempt of attempts) {
      const err = await rejection(attempt);
      expect({ code: err.code, message: err.message }).toEqual({ code: ErrorCode.NOT_FOUND, message: 'Folder not found' });
    }
    expect(await client.call(Rpc.foldersGet, { userId: bob, folderId: bobs.id })).toMatchObject({ name: 'Bob’s', color: '#ef4444' });
  });

  it('deletes a folder and publishes evt.folders.folder.deleted in the common envelope', async () => {
    const folder = await client.call(Rpc.foldersCreate, { userId: alice, name: 'Old trips', description: '', color: '#06b6d4' });
    const response = await client.call(Rpc.foldersDelete, { userId: alice, folderId: folder.id });
    expect(response.folderId).toBe(folder.id);
    expect(await dataSource.query('SELECT id FROM folders.folders WHERE id = $1', [folder.id])).toEqual([]);

    const jsm = await nc.jetstreamManager();
    const stored = await jsm.streams.getMessage('EVENTS', { last_by_subj: 'evt.folders.folder.deleted' });
    const envelope = fromBinary(commonV1.EventEnvelopeSchema, stored.data);
    expect(envelope.source).toBe('folders');
    expect(stored.header?.get('Nats-Msg-Id')).toBe(envelope.id);
    const payload = anyUnpack(envelope.payload!, contractRegistry) as foldersV1.FolderDeleted;
    expect(payload.$typeName).toBe('folders.v1.FolderDeleted');
    expect({ folderId: payload.folderId, userId: payload.userId }).toEqual({ folderId: folder.id, userId: alice });

    const again = await rejection(client.call(Rpc.foldersDelete, { userId: alice, folderId: folder.id }));
    expect(again.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('keeps the folder when the deletion event cannot be published', async () => {
    const folder = await client.call(Rpc.foldersCreate, { userId: alice, name: 'Keep me', description: '', color: '' });
    const failingJs = { publish: () => Promise.reject(new Error('JetStream is down')) } as unknown as JetStreamClient;
    const service = new FoldersService(app.get(FoldersRepository), new EventPublisher(failingJs, 'folders'), app.get(TeamGate));
    await expect(service.delete(alice, folder.id)).rejects.toThrow('JetStream is down');
    expect(await dataSource.query('SELECT name FROM folders.folders WHERE id = $1', [folder.id])).toEqual([{ name: 'Keep me' }]);
  });

  it('keeps a team folder at its member limit when two additions race for the last seat, and drops memberships with the folder', async () => {
    const folder = await client.call(Rpc.foldersCreate, { userId: alice, name: 'Crew', description: '', color: '' });
    const repo = app.get(FoldersRepository);
    const member = (n: number) => ({ folderId: folder.id, memberUserId: randomUUID(), memberUsername: `mate${n}`, ownerUsername: 'alice' });
    for (let n = 0; n < 2; n++) expect(await repo.addMember(member(n), 3)).toBe('added');
    const outcomes = await Promise.all([repo.addMember(member(2), 3), repo.addMember(member(3), 3)]);
    expect(outcomes.sort()).toEqual(['added', 'full']);
    const first = (await repo.listMembers(folder.id))[0];
    expect(await repo.addMember({ ...first, ownerUsername: 'alice' }, 3)).toBe('already');
    expect(await repo.listMembers(folder.id)).toHaveLength(3);

    await client.call(Rpc.foldersDelete, { userId: alice, folderId: folder.id });
    expect(await dataSource.query('SELECT count(*)::int AS n FROM folders.folder_members WHERE folder_id = $1', [folder.id])).toEqual([{ n: 0 }]);
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
