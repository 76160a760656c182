import { fromBinary } from '@bufbuild/protobuf';
import { anyUnpack, AnySchema } from '@bufbuild/protobuf/wkt';
import { Controller, Inject, type MessageEvent, Sse } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { NATS_CONNECTION } from '@reelsmith/kit';
import { batchesV1, contractRegistry, mediaV1, progressSubject } from '@reelsmith/proto';
import { batchJson } from '../batches/batch-json';
import type { NatsConnection } from 'nats';
import { interval, map, merge, Observable } from 'rxjs';
import { CurrentCaller } from '../auth/current-caller.decorator';
import type { Caller } from '../auth/jwt.strategy';

const KEEPALIVE_MS = 15_000;

/** Progress messages as the browser sees them: video.progress, highlight.progress and batch.progress. */
function toEvent(message: unknown): MessageEvent | null {
  const typed = message as { $typeName?: string } | undefined;
  if (typed?.$typeName === mediaV1.VideoProgressSchema.typeName) {
    const p = message as mediaV1.VideoProgress;
    return { type: 'video.progress', data: { videoId: p.videoId, status: p.status, stage: p.stage, percent: p.percent, errorReason: p.errorReason || null } };
  }
  if (typed?.$typeName === mediaV1.HighlightProgressSchema.typeName) {
    const p = message as mediaV1.HighlightProgress;
    return {
      type: 'highlight.progress',
      data: {
        highlightId: p.highlightId,
        videoId: p.videoId,
        kind: p.kind,
        status: p.status,
        stage: p.stage,
        percent: p.percent,
        errorReason: p.errorReason || null,
      },
    };
  }
  if (typed?.$typeName === batchesV1.BatchProgressSchema.typeName) {
    const p = message as batchesV1.BatchProgress;
    return p.batch ? { type: 'batch.progress', data: batchJson(p.batch) } : null;
  }
  return null;
}

/** The caller's live video and reel progress as Server-Sent Events (one NATS subscription per open stream). */
@ApiTags('events')
@ApiBearerAuth()
@Controller('api')
export class EventsController {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  @Sse('events')
  events(@CurrentCaller() caller: Caller): Observable<MessageEvent> {
    const progress = new Observable<MessageEvent>((subscriber) => {
      const subscription = this.nc.subscribe(progressSubject(caller.userId), {
        callback: (err, msg) => {
          if (err) return;
          try {
            const event = toEvent(anyUnpack(fromBinary(AnySchema, msg.data), contractRegistry));
            if (event) subscriber.next(event);
          } catch {
            /* not a progress message: ignore */
          }
        },
      });
      subscriber.next({ type: 'ready', data: { userId: caller.userId } });
      return () => subscription.unsubscribe();
    });
    const keepalive = interval(KEEPALIVE_MS).pipe(map((): MessageEvent => ({ type: 'ping', data: {} })));
    return merge(progress, keepalive);
  }
}
