import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { httpStatusOf, isDependencyUnavailable, RpcFailure, UNAVAILABLE_MESSAGE } from '@reelsmith/kit';
import type { Response } from 'express';

/** Every /api error answers JSON {error, violations?} with the status its code maps to; never a stack. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Api');

  catch(exception: unknown, host: ArgumentsHost) {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = this.describe(exception);
    if (exception instanceof RpcFailure && exception.retryAfterSeconds > 0) response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    if (status >= 500 && status !== 503) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    response.status(status).json(body);
  }

  private describe(exception: unknown): { status: number; body: { error: string; violations?: unknown[] } } {
    if (exception instanceof RpcFailure) {
      const body = exception.violations.length ? { error: exception.message, violations: exception.violations } : { error: exception.message };
      return { status: httpStatusOf(exception.code), body };
    }
    if (exception instanceof HttpException) {
      const res = exception.getResponse();
      const message = typeof res === 'string' ? res : (res as { message?: unknown }).message;
      return { status: exception.getStatus(), body: { error: Array.isArray(message) ? message.join(', ') : String(message ?? exception.message) } };
    }
    // The gateway's own calls (storage reads for media, NATS): a dependency that is down is a 503.
    if (isDependencyUnavailable(exception)) return { status: 503, body: { error: UNAVAILABLE_MESSAGE } };
    const status = (exception as { status?: number; type?: string }).status;
    if (status && status >= 400 && status < 500) {
      // body-parser: malformed JSON (400) or a body over the limit (413).
      return { status, body: { error: status === 413 ? 'Request body is too large' : 'Malformed request body' } };
    }
    return { status: 500, body: { error: 'Internal server error' } };
  }
}
