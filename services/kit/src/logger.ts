import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(service: string, level = 'info'): Logger {
  return pino({ level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime });
}

/** Lets Nest's own logging go through pino; its start-up chatter (log) goes to debug. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) { this.logger.debug({ context }, String(message)); }
  error(message: unknown, trace?: string, context?: string) { this.logger.error({ context, trace }, String(message)); }
  warn(message: unknown, context?: string) { this.logger.warn({ context }, String(message)); }
  debug(message: unknown, context?: string) { this.logger.debug({ context }, String(message)); }
  verbose(message: unknown, context?: string) { this.logger.trace({ context }, String(message)); }
  fatal(message: unknown, context?: string) { this.logger.fatal({ context }, String(message)); }
}
