import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { HealthController, NatsModule, ObjectStorage, rpcClientProvider } from '@reelsmith/kit';
import { AuthController } from './auth/auth.controller';
import { BatchesController } from './batches/batches.controller';
import { JwtAuthGuard } from './auth/jwt-auth.guard';
import { JwtStrategy } from './auth/jwt.strategy';
import { AuthRateLimitGuard } from './auth/rate-limit.guard';
import type { GatewayConfig } from './config';
import { EventsController } from './events/events.controller';
import { FoldersController } from './folders/folders.controller';
import { HighlightsController } from './highlights/highlights.controller';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { InternalHealthServer, PublicHealthController } from './http/health';
import { MusicController } from './music/music.controller';
import { GATEWAY_CONFIG } from './tokens';
import { MediaStreamController } from './videos/media-stream.controller';
import { VideosController } from './videos/videos.controller';

@Module({})
export class GatewayModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [PassportModule, NatsModule.forRoot({ url: config.NATS_URL, service: 'gateway' })],
      controllers: [AuthController, VideosController, HighlightsController, MediaStreamController, MusicController, FoldersController, BatchesController, EventsController, PublicHealthController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        rpcClientProvider(config.NATS_URL, config.RPC_TIMEOUT_MS, 'gateway'),
        { provide: ObjectStorage, useValue: new ObjectStorage(config) },
        HealthController,
        InternalHealthServer,
        JwtStrategy,
        AuthRateLimitGuard,
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
    };
  }
}
