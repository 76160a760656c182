import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(service: string, level = 'info'): Logger {
  return pino({ level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime });
}

/**
 * Nest's NATS transport (ServerNats for the request handlers, ClientNats for RPC clients) logs a lost
 * connection as an error and its return as chatter. Every connection reconnects for ever
 * (maxReconnectAttempts -1), so a disconnect is a warning and a reconnect is news: ERROR is left for
 * what a person must look at. Other NATS errors (a server's -ERR, a permission refused) stay errors.
 */
const NATS_DISCONNECT = /^NatsError: type: "disconnect"/;
const NATS_RECONNECT = /^NatsStatus: type: "reconnect"/;

/** Lets Nest's own logging go through pino; its start-up chatter (log) goes to debug. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    if (NATS_RECONNECT.test(String(message))) this.logger.info({ context }, String(message));
    else this.logger.debug({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    if (NATS_DISCONNECT.test(String(message))) this.logger.warn({ context }, String(message));
    else this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
  fatal(message: unknown, context?: string) {
    this.logger.fatal({ context }, String(message));
  }
}
