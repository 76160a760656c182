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

/** Creates the service's schema when missing and brings it to the newest migration. */
export async function openDatabase(options: DatabaseOptions): Promise<DataSource> {
  const client = new Client({ connectionString: options.url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
  } finally {
    await client.end();
  }
  const dataSource = new DataSource(dataSourceOptions(options));
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
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
