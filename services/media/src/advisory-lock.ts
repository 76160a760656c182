import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Work that only one replica may do at a time, across every process on the database. */
export abstract class AdvisoryLock {
  abstract exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
}

@Injectable()
export class PgAdvisoryLock extends AdvisoryLock {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /** Waits for the lock (a transaction-scoped PostgreSQL advisory lock), runs `work`, releases it. */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [name]);
      return work();
    });
  }
}
