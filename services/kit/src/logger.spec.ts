import { Logger } from '@nestjs/common';
import { ClientNats, ServerNats } from '@nestjs/microservices';
import { DebugEvents, Events, type Status } from 'nats';
import pino from 'pino';
import { PinoNestLogger } from './logger';

/** A NATS connection as Nest's transport reads it: only its stream of status changes. */
const connectionThatReports = (...statuses: Status[]) =>
  ({
    status: async function* () {
      yield* statuses;
    },
  }) as unknown as Parameters<ServerNats['handleStatusUpdates']>[0];

describe('PinoNestLogger and NATS connection status', () => {
  let lines: Array<{ level: number; msg: string; context?: string }>;
  beforeEach(() => {
    lines = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    // What NestFactory.create({ logger }) does: every Nest Logger, the transport's too, writes here.
    Logger.overrideLogger(new PinoNestLogger(logger));
  });

  const levels = () => lines.map(({ level, msg }) => [pino.levels.labels[level], msg.replace(/, data.*/, '')]);

  it.each([
    ['request handlers (ServerNats)', () => new ServerNats({ servers: ['nats://127.0.0.1:4222'] })],
    ['RPC clients (ClientNats)', () => new ClientNats({ servers: ['nats://127.0.0.1:4222'] })],
  ])('logs a disconnect of the %s at WARN and the reconnect at INFO, never at ERROR', async (_name, transport) => {
    await transport().handleStatusUpdates(
      connectionThatReports(
        { type: Events.Disconnect, data: '127.0.0.1:4222' },
        { type: DebugEvents.Reconnecting, data: '127.0.0.1:4222' },
        { type: Events.Reconnect, data: '127.0.0.1:4222' },
      ),
    );
    expect(levels()).toEqual([
      ['warn', 'NatsError: type: "disconnect"'],
      ['info', 'NatsStatus: type: "reconnect"'],
    ]);
  });

  it('keeps an error the server reports (a permission refused) at ERROR', async () => {
    await new ServerNats({ servers: ['nats://127.0.0.1:4222'] }).handleStatusUpdates(
      connectionThatReports({ type: Events.Error, data: 'PERMISSIONS_VIOLATION' }),
    );
    expect(levels()).toEqual([['error', 'NatsError: type: "error"']]);
  });

  it("keeps Nest's other messages where they were: errors at ERROR, start-up chatter at DEBUG", () => {
    new Logger('RoutesResolver').log('VideosController {/api/videos}');
    new Logger('ExceptionsHandler').error('boom', 'stack');
    expect(lines.map(({ level, msg, context }) => [pino.levels.labels[level], msg, context])).toEqual([
      ['debug', 'VideosController {/api/videos}', 'RoutesResolver'],
      ['error', 'boom', 'ExceptionsHandler'],
    ]);
  });
});
