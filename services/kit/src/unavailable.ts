import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { catchError, type Observable, throwError } from 'rxjs';
import { RpcFailure } from './rpc-error';

/**
 * Whether an error means a dependency (PostgreSQL, NATS, object storage) cannot be reached right now,
 * rather than that the request or the code is wrong. Such errors answer 503 (try again) instead of
 * 500, and a job that meets one waits for the dependency instead of spending an attempt.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED', 'ENOTCONN']);
/** nats.js NatsError codes of a lost or refused connection, and JetStream's "no responders" while it restarts. */
const NATS_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_DRAINING', 'CONNECTION_REFUSED', 'CONNECTION_TIMEOUT', 'DISCONNECT', 'TIMEOUT', '503']);
/** PostgreSQL SQLSTATEs: connection exceptions (class 08), shutting down / starting up, too many connections. */
const PG_STATES = /^(08...|57P0[123]|53300)$/;
const MESSAGES =
  /connection lost|connection refused|connection reset|connection terminated|connection timeout|timeout exceeded when trying to connect|client has encountered a connection error|socket hang up|cannot connect now|the database system is (starting up|shutting down)/i;

export function isDependencyUnavailable(err: unknown, depth = 0): boolean {
  // Nest's NATS client rejects with a bare string while it reconnects ("Error: Connection lost. Trying to reconnect...").
  if (typeof err === 'string') return MESSAGES.test(err);
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; driverError?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || NATS_CODES.has(e.code) || PG_STATES.test(e.code))) return true;
  if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDependencyUnavailable(inner, depth + 1))) return true;
  return isDependencyUnavailable(e.driverError, depth + 1) || isDependencyUnavailable(e.cause, depth + 1);
}

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

/**
 * Turns a dependency failure thrown by an RPC handler into UNAVAILABLE (503 at the gateway). Without
 * it Nest answers any unknown error as "Internal server error", a 500 the caller cannot tell from a bug.
 */
@Injectable()
export class UnavailableInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    return next
      .handle()
      .pipe(
        catchError((err: unknown) =>
          throwError(() => (!(err instanceof RpcFailure) && isDependencyUnavailable(err) ? RpcFailure.unavailable(UNAVAILABLE_MESSAGE) : err)),
        ),
      );
  }
}

/** How long a job waits in place for its dependencies before it fails (and is retried the usual way). */
const WAIT_LIMIT_MS = 10 * 60_000;

/**
 * Runs `work` again (from the start: it must be idempotent) while it fails because a dependency is
 * unavailable, with a growing pause of up to 5 s, until the signal aborts or ten minutes passed.
 * Each wait goes to `warn`; the work succeeding after a wait goes to `recovered` (for INFO): an
 * outage the work outlived is no ERROR.
 */
export async function retryWhileUnavailable<T>(
  work: () => Promise<T>,
  signal: AbortSignal,
  warn: (message: string) => void,
  recovered?: (message: string) => void,
): Promise<T> {
  const started = Date.now();
  const deadline = started + WAIT_LIMIT_MS;
  let waited = false;
  for (let pause = 500; ; pause = Math.min(pause * 2, 5000)) {
    try {
      const result = await work();
      if (waited) recovered?.(`the dependency is back; done after waiting ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return result;
    } catch (err) {
      if (signal.aborted || !isDependencyUnavailable(err) || Date.now() > deadline) throw err;
      warn(`a dependency is unavailable (${(err as Error).message}); trying again in ${pause} ms`);
      waited = true;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pause);
        function done() {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        }
        signal.addEventListener('abort', done);
      });
    }
  }
}
