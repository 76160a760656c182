import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule, NATS_CONNECTION, NatsModule, ObjectStorage, rpcClientProvider, SharedWindowCounter } from '@reelsmith/kit';
import type { NatsConnection } from 'nats';
import type { NotificationsConfig } from './config';
import { ActivityEntity } from './entities/activity.entity';
import { MailEntity } from './entities/mail.entity';
import { ScheduleRunEntity } from './entities/schedule-run.entity';
import { SettingsEntity } from './entities/settings.entity';
import { EventsConsumer } from './events.consumer';
import { MailTransport, SmtpMailTransport } from './mail.transport';
import { Mailer } from './mailer';
import { CreateNotifications1764000000000 } from './migrations/1764000000000-CreateNotifications';
import { CreateScheduleRuns1764000000001 } from './migrations/1764000000001-CreateScheduleRuns';
import { AddMusicTrackId1764000000002 } from './migrations/1764000000002-AddMusicTrackId';
import { AddTranscriptLanguage1764000000003 } from './migrations/1764000000003-AddTranscriptLanguage';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository, TypeOrmNotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { DigestScheduler } from './scheduler';
import { MEDIA_RPC, NOTIFICATIONS_CONFIG, TEST_EMAIL_COUNTER } from './tokens';

export const NOTIFICATIONS_SCHEMA = 'notifications';
export const notificationsEntities = [SettingsEntity, MailEntity, ActivityEntity, ScheduleRunEntity];
export const notificationsMigrations = [
  CreateNotifications1764000000000,
  CreateScheduleRuns1764000000001,
  AddMusicTrackId1764000000002,
  AddTranscriptLanguage1764000000003,
];

@Module({})
export class NotificationsModule {
  static register(config: NotificationsConfig): DynamicModule {
    return {
      module: NotificationsModule,
      imports: [
        DatabaseModule.forRoot({
          url: config.DATABASE_URL,
          schema: NOTIFICATIONS_SCHEMA,
          entities: notificationsEntities,
          migrations: notificationsMigrations,
        }),
        NatsModule.forRoot({ url: config.NATS_URL, service: 'notifications' }),
      ],
      controllers: [NotificationsController],
      providers: [
        { provide: NOTIFICATIONS_CONFIG, useValue: config },
        rpcClientProvider(config.NATS_URL, config.MEDIA_RPC_TIMEOUT_MS, 'notifications', MEDIA_RPC),
        { provide: MailTransport, useFactory: () => new SmtpMailTransport(config.SMTP_URL) },
        { provide: ObjectStorage, useValue: new ObjectStorage(config) },
        {
          provide: TEST_EMAIL_COUNTER,
          inject: [NATS_CONNECTION],
          useFactory: (nc: NatsConnection) =>
            new SharedWindowCounter(nc, { bucket: config.TEST_EMAIL_BUCKET, windowMs: config.TEST_EMAIL_WINDOW_MS, timeoutMs: 5_000 }),
        },
        { provide: NotificationsRepository, useClass: TypeOrmNotificationsRepository },
        Mailer,
        NotificationsService,
        EventsConsumer,
        DigestScheduler,
      ],
    };
  }
}
