import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { settleWithin } from './settle';
import { connect, type NatsConnection } from 'nats';
import { ensureStreams, EventPublisher } from './jetstream';
import { JobPublisher } from './jobs';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

/** The service's own NATS connection for JetStream (streams, events, jobs) and readiness. */
@Global()
@Module({})
export class NatsModule implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  static forRoot(options: { url: string; service: string }): DynamicModule {
    return {
      module: NatsModule,
      providers: [
        {
          provide: NATS_CONNECTION,
          useFactory: async () => {
            const nc = await connect({ servers: options.url, name: options.service, maxReconnectAttempts: -1, waitOnFirstConnect: true });
            await ensureStreams(nc);
            return nc;
          },
        },
        {
          provide: EventPublisher,
          inject: [NATS_CONNECTION],
          useFactory: (nc: NatsConnection) => new EventPublisher(nc.jetstream(), options.service),
        },
        {
          provide: JobPublisher,
          inject: [NATS_CONNECTION],
          useFactory: (nc: NatsConnection) => new JobPublisher(nc.jetstream()),
        },
      ],
      exports: [NATS_CONNECTION, EventPublisher, JobPublisher],
    };
  }

  /** Drains (in-flight messages are handled), but closes anyway when the drain does not finish. */
  async onApplicationShutdown() {
    if (this.nc.isClosed()) return;
    if ((await settleWithin(this.nc.drain(), 10_000)) === 'timed out' && !this.nc.isClosed()) await this.nc.close();
  }
}
