import { createHash, randomUUID } from 'node:crypto';
import { create, toBinary, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { anyPack, timestampNow } from '@bufbuild/protobuf/wkt';
import { commonV1, eventSubject } from '@reelsmith/proto';
import { type JetStreamClient, type NatsConnection, RetentionPolicy, type StreamConfig } from 'nats';
import { jetstreamReplicasOf } from './config';

const DAY_NS = 24 * 60 * 60 * 1e9;

/** The advisories JetStream sends when a job ran out of deliveries; kept so none is missed. */
export const JOBS_DEAD_LETTERS_STREAM = 'JOBS_DEAD_LETTERS';
export const MAX_DELIVERIES_ADVISORY = '$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.JOBS.*';

/**
 * EVENTS keeps facts for consumers to replay; JOBS is a work queue (a message is gone once a worker
 * acks it); JOBS_DEAD_LETTERS stores the advisories of jobs that used up their deliveries.
 */
export const STREAMS: Array<Partial<StreamConfig> & { name: string }> = [
  { name: 'EVENTS', subjects: ['evt.>'], retention: RetentionPolicy.Limits, max_age: 7 * DAY_NS, duplicate_window: 2 * 60 * 1e9 },
  { name: 'JOBS', subjects: ['job.>'], retention: RetentionPolicy.Workqueue, duplicate_window: 2 * 60 * 1e9 },
  { name: JOBS_DEAD_LETTERS_STREAM, subjects: [MAX_DELIVERIES_ADVISORY], retention: RetentionPolicy.Limits, max_age: 7 * DAY_NS },
];

/**
 * Creates the streams that are missing, with `replicas` copies (JETSTREAM_REPLICAS, default 1);
 * safe to run from every service at every start. An existing stream keeps its replicas.
 */
export async function ensureStreams(nc: NatsConnection, replicas = jetstreamReplicasOf()): Promise<void> {
  const jsm = await nc.jetstreamManager();
  for (const base of STREAMS) {
    const stream = { ...base, num_replicas: replicas };
    try {
      await jsm.streams.info(stream.name);
    } catch {
      try {
        await jsm.streams.add(stream);
      } catch (err) {
        // Another service created it between our look and our add.
        await jsm.streams.info(stream.name).catch(() => {
          throw err;
        });
      }
    }
  }
}

export interface PublishOptions {
  correlationId?: string;
  /**
   * What the event happens once for (a video, a highlight): the envelope id is derived from it, so
   * publishing the same fact again (a job redelivered after its worker died) is stored once by
   * JetStream's dedupe window. Without it every publish is a new event.
   */
  onceFor?: string;
}

/** A UUID (v5 layout) derived from a name: the same name always gives the same id. */
function uuidFromName(name: string): string {
  const hex = createHash('sha1').update(name).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Publishes contract events in the common envelope, with the envelope id as JetStream's dedupe id. */
export class EventPublisher {
  constructor(
    private readonly js: JetStreamClient,
    private readonly source: string,
  ) {}

  async publish<D extends DescMessage>(schema: D, payload: MessageInitShape<D>, options: PublishOptions = {}): Promise<string> {
    const subject = eventSubject(schema);
    const envelope = create(commonV1.EventEnvelopeSchema, {
      id: options.onceFor ? uuidFromName(`${subject}/${options.onceFor}`) : randomUUID(),
      correlationId: options.correlationId ?? '',
      source: this.source,
      occurredAt: timestampNow(),
      payload: anyPack(schema, create(schema, payload)),
    });
    await this.js.publish(subject, toBinary(commonV1.EventEnvelopeSchema, envelope), { msgID: envelope.id });
    return envelope.id;
  }
}
