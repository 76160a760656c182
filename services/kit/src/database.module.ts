import { type DynamicModule, Global, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';
import { type MigrationsMode, migrationsModeOf } from './config';

export interface DatabaseOptions {
  url: string;
  /** The service's own schema; no other service reads it. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for entity classes
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for migration classes
  migrations: MixedList<Function | string>;
  /** Default: DATABASE_MIGRATIONS of the environment (see baseConfigSchema); `only` migrates like `start`. */
  migrationsMode?: MigrationsMode;
}

/** The databases the process's module asked for (DatabaseModule.forRoot), for `DATABASE_MIGRATIONS=only`. */
export const registeredDatabases: DatabaseOptions[] = [];

export class PendingMigrationsError extends Error {}

export function dataSourceOptions(options: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    uuidExtension: 'pgcrypto',
    extra: { max: 10 },
  };
}

/**
 * Creates the service's schema when missing and brings it to the newest migration. Processes that
 * share a schema (replicas, an API and its worker) take turns through an advisory lock, since
 * PostgreSQL's CREATE ... IF NOT EXISTS is not safe against a concurrent twin.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DataSource> {
  if ((options.migrationsMode ?? migrationsModeOf()) === 'skip') return openMigratedDatabase(options);
  const lock = new Client({ connectionString: options.url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [`reelsmith:migrate:${options.schema}`]);
    await lock.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    const dataSource = new DataSource(dataSourceOptions(options));
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    return dataSource;
  } finally {
    // Ending the session releases the lock.
    await lock.end();
  }
}

/**
 * DATABASE_MIGRATIONS=skip: someone else (the chart's migration Job) migrates. The schema must be
 * at the newest migration already; otherwise the start fails, and the orchestrator restarts the
 * process until the Job has run.
 */
async function openMigratedDatabase(options: DatabaseOptions): Promise<DataSource> {
  const dataSource = new DataSource(dataSourceOptions(options));
  await dataSource.initialize();
  try {
    const schema = await dataSource.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [options.schema]);
    const pending = schema.length === 0 || (await dataSource.showMigrations());
    if (pending) {
      throw new PendingMigrationsError(
        `schema "${options.schema}" has migrations pending and DATABASE_MIGRATIONS=skip: run the migrations first (DATABASE_MIGRATIONS=only, the chart's migration Job)`,
      );
    }
    return dataSource;
  } catch (err) {
    await dataSource.destroy();
    throw err;
  }
}

/**
 * DATABASE_MIGRATIONS=only: brings every database the module registered to its newest migration,
 * closes them and resolves with the schemas migrated. Nothing else of the service starts.
 */
export async function runMigrationsOnly(): Promise<string[]> {
  const done: string[] = [];
  for (const options of registeredDatabases) {
    const dataSource = await openDatabase({ ...options, migrationsMode: 'start' });
    await dataSource.destroy();
    done.push(options.schema);
  }
  return done;
}

@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(private readonly dataSource: DataSource) {}

  static forRoot(options: DatabaseOptions): DynamicModule {
    registeredDatabases.push(options);
    return {
      module: DatabaseModule,
      providers: [{ provide: DataSource, useFactory: () => openDatabase(options) }],
      exports: [DataSource],
    };
  }

  async onApplicationShutdown() {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
