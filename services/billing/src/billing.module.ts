import { type DynamicModule, Module } from '@nestjs/common';
import { createLogger, DatabaseModule, NatsModule } from '@reelsmith/kit';
import { BillingController } from './billing.controller';
import { BillingRepository, TypeOrmBillingRepository } from './billing.repository';
import { BILLING_CONFIG, BILLING_LOGGER, BillingService } from './billing.service';
import type { BillingConfig } from './config';
import { CustomerEntity } from './entities/customer.entity';
import { SubscriptionEntity } from './entities/subscription.entity';
import { WebhookEventEntity } from './entities/webhook-event.entity';
import { CreateBilling1764000000000 } from './migrations/1764000000000-CreateBilling';
import { PaymentsPort } from './payments.port';
import { StripeGateway } from './stripe.gateway';

export const BILLING_SCHEMA = 'billing';
export const billingEntities = [CustomerEntity, SubscriptionEntity, WebhookEventEntity];
export const billingMigrations = [CreateBilling1764000000000];

@Module({})
export class BillingModule {
  static register(config: BillingConfig): DynamicModule {
    return {
      module: BillingModule,
      imports: [
        DatabaseModule.forRoot({ url: config.DATABASE_URL, schema: BILLING_SCHEMA, entities: billingEntities, migrations: billingMigrations }),
        NatsModule.forRoot({ url: config.NATS_URL, service: 'billing' }),
      ],
      controllers: [BillingController],
      providers: [
        BillingService,
        { provide: BillingRepository, useClass: TypeOrmBillingRepository },
        { provide: PaymentsPort, useValue: StripeGateway.fromConfig(config) },
        { provide: BILLING_CONFIG, useValue: config },
        { provide: BILLING_LOGGER, useValue: createLogger('billing', config.LOG_LEVEL) },
      ],
    };
  }
}
