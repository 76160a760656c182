import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { type Observable, tap } from 'rxjs';

export const metricsRegistry = new Registry();

export function startDefaultMetrics(service: string): void {
  metricsRegistry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'reelsmith_' });
}

const rpcDuration = new Histogram({
  name: 'reelsmith_rpc_handler_duration_seconds',
  help: 'Time to handle one NATS request, by subject and outcome',
  labelNames: ['subject', 'outcome'],
  registers: [metricsRegistry],
});

export const httpRequests = new Counter({
  name: 'reelsmith_http_requests_total',
  help: 'HTTP requests answered, by method, route and status',
  labelNames: ['method', 'route', 'status'],
  registers: [metricsRegistry],
});

/** Times every RPC handler; HTTP requests pass through untouched. */
@Injectable()
export class RpcMetricsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const subject = context.switchToRpc().getContext<{ getSubject?: () => string }>().getSubject?.() ?? 'unknown';
    const end = rpcDuration.startTimer({ subject });
    return next.handle().pipe(tap({ next: () => end({ outcome: 'ok' }), error: () => end({ outcome: 'error' }) }));
  }
}
