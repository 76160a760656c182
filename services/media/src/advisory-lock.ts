import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Work that only one replica may do at a time, across every process on the database. */
export abstract class AdvisoryLock {
  /** Waits until no one else holds the lock, then runs `work` holding it. */
  abstract exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Runs `work` holding the lock when no one else holds it; otherwise runs nothing and answers null. */
  abstract ifFree<T>(name: string, work: () => Promise<T>): Promise<T | null>;
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

  /** The same lock, taken only if it is free (pg_try_advisory_xact_lock): a holder elsewhere is never waited for. */
  ifFree<T>(name: string, work: () => Promise<T>): Promise<T | null> {
    return this.dataSource.transaction(async (tx) => {
      const [{ taken }] = await tx.query('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS taken', [name]);
      return taken ? work() : null;
    });
  }
}
