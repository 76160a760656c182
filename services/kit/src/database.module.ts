import { type DynamicModule, Global, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';

export interface DatabaseOptions {
  url: string;
  /** The service's own schema; no other service reads it. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

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

@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(private readonly dataSource: DataSource) {}

  static forRoot(options: DatabaseOptions): DynamicModule {
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
