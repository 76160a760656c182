import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationsModeOf } from '../src/config';
import { DatabaseModule, openDatabase, PendingMigrationsError, registeredDatabases, runMigrationsOnly } from '../src/database.module';
import { createTestDatabase, dropTestDatabase } from '../../../test/support/infra';

class CreateThings1700000000000 implements MigrationInterface {
  name = 'CreateThings1700000000000';
  async up(q: QueryRunner) {
    await q.query('CREATE TABLE "kit_migrations_test"."things" ("id" serial PRIMARY KEY)');
  }
  async down(q: QueryRunner) {
    await q.query('DROP TABLE "kit_migrations_test"."things"');
  }
}

describe('DATABASE_MIGRATIONS: one migration Job, replicas that skip migrating', () => {
  let url: string;
  const options = () => ({ url, schema: 'kit_migrations_test', entities: [], migrations: [CreateThings1700000000000] });

  beforeAll(async () => {
    url = await createTestDatabase();
  });
  afterAll(async () => {
    registeredDatabases.length = 0;
    await dropTestDatabase(url);
  });

  it('reads the mode from the environment, start by default, and rejects anything else', () => {
    expect(migrationsModeOf({})).toBe('start');
    expect(migrationsModeOf({ DATABASE_MIGRATIONS: 'skip' })).toBe('skip');
    expect(() => migrationsModeOf({ DATABASE_MIGRATIONS: 'later' })).toThrow(/DATABASE_MIGRATIONS/);
  });

  it('skip: a replica refuses to start on a schema that is not migrated yet, and creates nothing', async () => {
    await expect(openDatabase({ ...options(), migrationsMode: 'skip' })).rejects.toThrow(PendingMigrationsError);
    const probe = await openDatabase({ url, schema: 'public', entities: [], migrations: [], migrationsMode: 'skip' });
    const schemas = await probe.query(`SELECT schema_name FROM information_schema.schemata WHERE schema_name = 'kit_migrations_test'`);
    await probe.destroy();
    expect(schemas).toEqual([]);
  });

  it('only: migrates every database the module registered, then skip replicas start on it', async () => {
    registeredDatabases.length = 0;
    DatabaseModule.forRoot(options());
    expect(await runMigrationsOnly()).toEqual(['kit_migrations_test']);

    const replica = await openDatabase({ ...options(), migrationsMode: 'skip' });
    try {
      expect(await replica.query('SELECT count(*)::int AS n FROM "kit_migrations_test"."things"')).toEqual([{ n: 0 }]);
      expect(await replica.query('SELECT name FROM "kit_migrations_test"."migrations"')).toEqual([{ name: 'CreateThings1700000000000' }]);
    } finally {
      await replica.destroy();
    }
  });
});
