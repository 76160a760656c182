import { create, toBinary } from '@bufbuild/protobuf';
import { Inject, Injectable } from '@nestjs/common';
import { NATS_CONNECTION } from '@reelsmith/kit';
import { mediaV1, progressSubject } from '@reelsmith/proto';
import type { NatsConnection } from 'nats';
import type { VideoEntity } from './entities/video.entity';

/** Live progress on core NATS: fire and forget, the browser sees it if it is listening. */
@Injectable()
export class ProgressPublisher {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  publish(video: Pick<VideoEntity, 'id' | 'userId' | 'status' | 'stage' | 'errorReason'>, percent: number): void {
    const message = create(mediaV1.VideoProgressSchema, {
      videoId: video.id,
      userId: video.userId,
      status: video.status,
      stage: video.stage,
      percent: Math.round(Math.max(0, Math.min(100, percent))),
      errorReason: video.errorReason,
    });
    this.nc.publish(progressSubject(video.userId, video.id), toBinary(mediaV1.VideoProgressSchema, message));
  }
}
