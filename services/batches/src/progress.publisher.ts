import { create, toBinary } from '@bufbuild/protobuf';
import { anyPack, AnySchema } from '@bufbuild/protobuf/wkt';
import { Inject, Injectable } from '@nestjs/common';
import { NATS_CONNECTION } from '@reelsmith/kit';
import { batchesV1, progressSubject } from '@reelsmith/proto';
import type { NatsConnection } from 'nats';
import { toBatchMessage } from './batch-message';
import type { BatchEntity } from './entities/batch.entity';

/** Core NATS progress.<userId>.<batchId> (as google.protobuf.Any), fanned out by the gateway over SSE as batch.progress. */
@Injectable()
export class BatchProgressPublisher {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  batch(batch: BatchEntity): void {
    const message = create(batchesV1.BatchProgressSchema, { userId: batch.userId, batch: toBatchMessage(batch) });
    this.nc.publish(progressSubject(batch.userId, batch.id), toBinary(AnySchema, anyPack(batchesV1.BatchProgressSchema, message)));
  }
}
