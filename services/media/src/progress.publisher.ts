import { create, type DescMessage, type MessageInitShape, toBinary } from '@bufbuild/protobuf';
import { anyPack, AnySchema } from '@bufbuild/protobuf/wkt';
import { Inject, Injectable } from '@nestjs/common';
import { NATS_CONNECTION } from '@reelsmith/kit';
import { mediaV1, progressSubject } from '@reelsmith/proto';
import type { NatsConnection } from 'nats';
import type { HighlightEntity } from './entities/highlight.entity';
import type { VideoEntity } from './entities/video.entity';

const clampPercent = (percent: number) => Math.round(Math.max(0, Math.min(100, percent)));

/**
 * Live progress on core NATS progress.<userId>.<id> as google.protobuf.Any (so the gateway can
 * tell video from reel progress): fire and forget, the browser sees it if it is listening.
 */
@Injectable()
export class ProgressPublisher {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  video(video: Pick<VideoEntity, 'id' | 'userId' | 'status' | 'stage' | 'errorReason'>, percent: number): void {
    this.send(video.userId, video.id, mediaV1.VideoProgressSchema, {
      videoId: video.id,
      userId: video.userId,
      status: video.status,
      stage: video.stage,
      percent: clampPercent(percent),
      errorReason: video.errorReason,
    });
  }

  highlight(h: Pick<HighlightEntity, 'id' | 'videoId' | 'userId' | 'kind' | 'status' | 'stage' | 'errorReason'>, percent: number): void {
    this.send(h.userId, h.id, mediaV1.HighlightProgressSchema, {
      highlightId: h.id,
      videoId: h.videoId,
      userId: h.userId,
      kind: h.kind,
      status: h.status,
      stage: h.stage,
      percent: clampPercent(percent),
      errorReason: h.errorReason,
    });
  }

  private send<D extends DescMessage>(userId: string, id: string, schema: D, payload: MessageInitShape<D>) {
    const any = anyPack(schema, create(schema, payload));
    this.nc.publish(progressSubject(userId, id), toBinary(AnySchema, any));
  }
}
