import { fromBinary, type DescMessage, type MessageShape } from '@bufbuild/protobuf';
import { anyUnpack, timestampDate } from '@bufbuild/protobuf/wkt';
import { commonV1, contractRegistry, eventSubject } from '@reelsmith/proto';
import { AckPolicy, type ConsumerMessages, DeliverPolicy, type JsMsg, type NatsConnection, nanos, type Subscription } from 'nats';
import type { Logger } from './logger';
import { settleWithin } from './settle';

const EVENTS_STREAM = 'EVENTS';

/** The envelope of a contract event and its payload, which must be a `schema` message. */
function readEnvelope<D extends DescMessage>(schema: D, data: Uint8Array) {
  const envelope = fromBinary(commonV1.EventEnvelopeSchema, data);
  const payload = envelope.payload && anyUnpack(envelope.payload, contractRegistry);
  if (!payload || payload.$typeName !== schema.typeName) throw new Error(`expected ${schema.typeName}, got ${payload?.$typeName ?? 'nothing'}`);
  return { envelope, payload: payload as MessageShape<D> };
}

/**
 * Every instance of a service hears the event: a plain subscription, where a durable consumer
 * would hand each event to one instance. For state each instance keeps for itself (a local cache);
 * an event sent while the instance is down is not heard, nor redelivered.
 */
export function listenToEvent<D extends DescMessage>(
  nc: NatsConnection,
  schema: D,
  handle: (event: MessageShape<D>) => Promise<void>,
  logger: Pick<Logger, 'warn'>,
): Subscription {
  return nc.subscribe(eventSubject(schema), {
    callback: (err, msg) => {
      if (err) return;
      let event: MessageShape<D>;
      try {
        event = readEnvelope(schema, msg.data).payload;
      } catch (e) {
        logger.warn({ err: e, subject: msg.subject }, 'unreadable event ignored');
        return;
      }
      handle(event).catch((e) => logger.warn({ err: e, subject: msg.subject }, 'event handling failed'));
    },
  });
}

/** What a handler knows of the envelope besides the payload. */
export interface EventContext {
  /** The envelope id: the same event redelivered has the same id. */
  id: string;
  source: string;
  correlationId: string;
  occurredAt: Date | undefined;
  /** 1 for the first delivery. */
  attempt: number;
}

export interface EventConsumerOptions<D extends DescMessage> {
  nc: NatsConnection;
  /** The event message; its subject (evt.<service>.<noun>.<verb>) is the consumer's filter. */
  schema: D;
  /** Durable consumer name, one per consuming service and event, shared by its replicas. */
  durable: string;
  logger: Logger;
  /** Must be idempotent: delivery is at-least-once. A throw is retried with a growing delay. */
  handle(event: MessageShape<D>, context: EventContext): Promise<void>;
  ackWaitSeconds?: number;
  maxDeliver?: number;
}

export interface EventConsumer {
  stop(): Promise<void>;
}

/**
 * Consumes one contract event from the EVENTS stream with a durable pull consumer: unpacks the
 * common envelope, calls the handler, acks on success, naks with a delay on failure and gives up
 * (term) after maxDeliver. A new durable starts from the oldest stored event, so nothing published
 * before the consumer first existed is lost; handlers are idempotent, so replays do no harm.
 */
export async function startEventConsumer<D extends DescMessage>(options: EventConsumerOptions<D>): Promise<EventConsumer> {
  const { nc, schema, durable, logger } = options;
  const ackWaitSeconds = options.ackWaitSeconds ?? 30;
  const maxDeliver = options.maxDeliver ?? 10;
  const jsm = await nc.jetstreamManager();
  try {
    await jsm.consumers.info(EVENTS_STREAM, durable);
  } catch {
    try {
      await jsm.consumers.add(EVENTS_STREAM, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(ackWaitSeconds * 1000),
        max_deliver: maxDeliver,
        filter_subject: eventSubject(schema),
      });
    } catch (err) {
      // Another replica created it between our look and our add.
      await jsm.consumers.info(EVENTS_STREAM, durable).catch(() => {
        throw err;
      });
    }
  }
  const consumer = await nc.jetstream().consumers.get(EVENTS_STREAM, durable);
  let stopping = false;
  let messages: ConsumerMessages | undefined;

  const loop = (async () => {
    messages = await consumer.consume({ max_messages: 10 });
    for await (const msg of messages) {
      await handleOne(msg);
      if (stopping) break;
    }
  })();

  async function handleOne(msg: JsMsg) {
    const attempt = msg.info.redeliveryCount;
    let event: MessageShape<D>;
    let context: EventContext;
    try {
      const { envelope, payload } = readEnvelope(schema, msg.data);
      event = payload;
      context = {
        id: envelope.id,
        source: envelope.source,
        correlationId: envelope.correlationId,
        occurredAt: envelope.occurredAt && timestampDate(envelope.occurredAt),
        attempt,
      };
    } catch (err) {
      // A message that cannot be read never will be: do not redeliver it.
      logger.error({ err, subject: msg.subject, seq: msg.seq }, 'unreadable event dropped');
      msg.term();
      return;
    }
    try {
      await options.handle(event, context);
      msg.ack();
    } catch (err) {
      if (attempt >= maxDeliver) {
        logger.error({ err, subject: msg.subject, id: context.id, attempt }, 'event handling failed for the last time');
        msg.term();
      } else {
        logger.warn({ err, subject: msg.subject, id: context.id, attempt }, 'event handling failed; it will be retried');
        msg.nak(Math.min(30_000, 500 * 2 ** attempt));
      }
    }
  }

  return {
    async stop() {
      stopping = true;
      await settleWithin(
        (async () => {
          await messages?.close();
          await loop;
        })(),
        10_000,
      );
    },
  };
}
