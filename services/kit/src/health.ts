import { Controller, Get, HttpCode, Inject, Optional, ServiceUnavailableException, Header } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { metricsRegistry } from './metrics';
import { NATS_CONNECTION } from './nats.module';
import { Public } from './public';

/** Extra readiness conditions a service provides (and exports) under this token, e.g. a catalogue still being built. */
export const READINESS_CHECKS = Symbol('READINESS_CHECKS');
export interface ReadinessCheck {
  name: string;
  /** Resolves when ready; rejects with what is missing. */
  check(): Promise<unknown>;
}

/** The promise, or a rejection after `ms`; the timer goes with the answer (a left timer would keep the process up). */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** /healthz: the process is alive. /readyz: its database and NATS answer, and its own checks pass. /metrics: Prometheus. */
@Public()
@Controller()
export class HealthController {
  constructor(
    @Optional() private readonly dataSource?: DataSource,
    @Optional() @Inject(NATS_CONNECTION) private readonly nc?: NatsConnection,
    @Optional() @Inject(READINESS_CHECKS) private readonly extra: ReadinessCheck[] = [],
  ) {}

  @Get('healthz')
  healthz() {
    return { status: 'ok' };
  }

  @Get('readyz')
  @HttpCode(200)
  async readyz() {
    const checks: Record<string, string> = {};
    if (this.dataSource) checks.database = await this.probe(() => this.dataSource!.query('SELECT 1'));
    if (this.nc) checks.nats = await this.probe(() => (this.nc!.isClosed() ? Promise.reject(new Error('closed')) : this.nc!.flush()));
    for (const check of this.extra ?? []) checks[check.name] = await this.probe(() => check.check());
    const ready = Object.values(checks).every((v) => v === 'ok');
    if (!ready) throw new ServiceUnavailableException({ status: 'unavailable', checks });
    return { status: 'ok', checks };
  }

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4')
  metrics() {
    return metricsRegistry.metrics();
  }

  private async probe(check: () => Promise<unknown>): Promise<string> {
    try {
      await withTimeout(check(), 2000);
      return 'ok';
    } catch (err) {
      return (err as Error).message || 'failed';
    }
  }
}
