import { BrandKitController } from './brand-kit/brand-kit.controller';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { HealthController, IdempotencyStore, NATS_CONNECTION, NatsModule, ObjectStorage, rpcClientProvider, SharedWindowCounter } from '@reelsmith/kit';
import type { NatsConnection } from 'nats';
import { AuthController } from './auth/auth.controller';
import { BatchesController } from './batches/batches.controller';
import { BillingController } from './billing/billing.controller';
import { JwtAuthGuard } from './auth/jwt-auth.guard';
import { JwtStrategy } from './auth/jwt.strategy';
import { SignInThrottle } from './auth/sign-in-throttle';
import { SignInThrottleInterceptor } from './auth/sign-in-throttle.interceptor';
import type { GatewayConfig } from './config';
import { EventsController } from './events/events.controller';
import { FoldersController } from './folders/folders.controller';
import { HighlightsController } from './highlights/highlights.controller';
import { ProjectFilesController } from './highlights/project-files.controller';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { InternalHealthServer, PublicHealthController } from './http/health';
import { IDEMPOTENCY_OPTIONS, IdempotencyInterceptor } from './http/idempotency.interceptor';
import { MusicController } from './music/music.controller';
import { SettingsController } from './settings/settings.controller';
import { PublicShareController } from './share-links/public-share.controller';
import { ShareLinkThrottle } from './share-links/share-link-throttle';
import { ShareLinksController } from './share-links/share-links.controller';
import { AnalyticsController } from './analytics/analytics.controller';
import { GATEWAY_CONFIG } from './tokens';
import { MediaStreamController } from './videos/media-stream.controller';
import { SubtitlesController } from './videos/subtitles.controller';
import { VideosController } from './videos/videos.controller';
import { TranscriptsController } from './videos/transcripts.controller';

@Module({})
export class GatewayModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [PassportModule, NatsModule.forRoot({ url: config.NATS_URL, service: 'gateway' })],
      controllers: [
        AuthController,
        VideosController,
        TranscriptsController,
        HighlightsController,
        ProjectFilesController,
        BrandKitController,
        MediaStreamController,
        ShareLinksController,
        AnalyticsController,
        PublicShareController,
        SubtitlesController,
        MusicController,
        FoldersController,
        BatchesController,
        SettingsController,
        BillingController,
        EventsController,
        PublicHealthController,
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        rpcClientProvider(config.NATS_URL, config.RPC_TIMEOUT_MS, 'gateway'),
        { provide: ObjectStorage, useValue: new ObjectStorage(config) },
        HealthController,
        InternalHealthServer,
        JwtStrategy,
        {
          provide: SignInThrottle,
          inject: [NATS_CONNECTION],
          useFactory: (nc: NatsConnection) =>
            new SignInThrottle(
              new SharedWindowCounter(nc, {
                bucket: config.AUTH_RATE_LIMIT_BUCKET,
                windowMs: config.AUTH_RATE_LIMIT_WINDOW_MS,
                timeoutMs: config.RPC_TIMEOUT_MS,
              }),
              { perIp: config.AUTH_RATE_LIMIT_PER_IP, perSource: config.AUTH_RATE_LIMIT_PER_USERNAME, perAccount: config.AUTH_RATE_LIMIT_PER_ACCOUNT },
              new SharedWindowCounter(nc, {
                bucket: `${config.AUTH_RATE_LIMIT_BUCKET}_known`,
                windowMs: config.AUTH_KNOWN_ADDRESS_MS,
                timeoutMs: config.RPC_TIMEOUT_MS,
              }),
            ),
        },
        SignInThrottleInterceptor,
        {
          provide: ShareLinkThrottle,
          inject: [NATS_CONNECTION],
          useFactory: (nc: NatsConnection) =>
            new ShareLinkThrottle(
              new SharedWindowCounter(nc, {
                bucket: config.SHARE_LINK_RATE_LIMIT_BUCKET,
                windowMs: config.SHARE_LINK_RATE_WINDOW_MS,
                timeoutMs: config.RPC_TIMEOUT_MS,
              }),
              config.SHARE_LINK_RATE_LIMIT,
            ),
        },
        {
          provide: IdempotencyStore,
          inject: [NATS_CONNECTION],
          useFactory: (nc: NatsConnection) => new IdempotencyStore(nc, { ...IDEMPOTENCY_OPTIONS, timeoutMs: config.RPC_TIMEOUT_MS }),
        },
        IdempotencyInterceptor,
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
    };
  }
}
