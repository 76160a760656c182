import { type DynamicModule, Module } from '@nestjs/common';
import { createLogger, DatabaseModule, NatsModule } from '@reelsmith/kit';
import { BillingController } from './billing.controller';
import { BillingRepository, SqlBillingRepository } from './billing.repository';
import { BILLING_CONFIG, BILLING_LOGGER, BillingService } from './billing.service';
import type { BillingConfig } from './config';
import { CreateBilling1764000000000 } from './migrations/1764000000000-CreateBilling';
import { createStripe, STRIPE } from './stripe';

export const BILLING_SCHEMA = 'billing';
export const billingMigrations = [CreateBilling1764000000000];

@Module({})
export class BillingModule {
  static register(config: BillingConfig): DynamicModule {
    return {
      module: BillingModule,
      imports: [
        DatabaseModule.forRoot({ url: config.DATABASE_URL, schema: BILLING_SCHEMA, entities: [], migrations: billingMigrations }),
        NatsModule.forRoot({ url: config.NATS_URL, service: 'billing' }),
      ],
      controllers: [BillingController],
      providers: [
        BillingService,
        { provide: BillingRepository, useClass: SqlBillingRepository },
        { provide: STRIPE, useValue: createStripe(config) },
        { provide: BILLING_CONFIG, useValue: config },
        { provide: BILLING_LOGGER, useValue: createLogger('billing', config.LOG_LEVEL) },
      ],
    };
  }
}
