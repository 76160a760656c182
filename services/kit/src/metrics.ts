import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type Observable, tap } from 'rxjs';

/**
 * Prometheus metrics of one process, served on /metrics (the health port). Every series carries a
 * `service` label. Names start with reelsmith_; the chart's PrometheusRule and Grafana dashboard
 * (helm/reelsmith/templates/monitoring.yaml, files/dashboard.json) read the ones below, so rename
 * them together.
 */
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
  help: 'HTTP requests answered, by method, route template and status',
  labelNames: ['method', 'route', 'status'],
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'reelsmith_http_request_duration_seconds',
  help: 'Time to answer one HTTP request, by method, route template (never a raw path) and status',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** The route label of a request: the router's template (/api/videos/:id), never the raw path with its ids. */
export function routeLabel(route: { path?: unknown } | undefined): string {
  return typeof route?.path === 'string' && route.path ? route.path : 'unmatched';
}

/** Records one answered HTTP request (count and latency). */
export function observeHttpRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = { method, route, status: String(status) };
  httpRequests.inc(labels);
  httpRequestDuration.observe(labels, seconds);
}

// --- JetStream jobs (kit/jobs.ts records these for every startJobWorker) ---------------------------

/** Job kind label from a job subject: job.media.process -> media.process. */
export function jobKind(subject: string): string {
  return subject.startsWith('job.') ? subject.slice('job.'.length) : subject;
}

export const jobsRunning = new Gauge({
  name: 'reelsmith_jobs_running',
  help: 'Jobs this process is running now, by kind',
  labelNames: ['kind'],
  registers: [metricsRegistry],
});

/**
 * Outcomes: succeeded (acked), retried (failed, delivered again later), failed (its last attempt
 * failed: dead-lettered), handed_back (the worker stopped; another worker takes it at once).
 */
export const jobsFinished = new Counter({
  name: 'reelsmith_jobs_total',
  help: 'Job attempts finished, by kind and outcome (succeeded, retried, failed, handed_back)',
  labelNames: ['kind', 'outcome'],
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'reelsmith_job_duration_seconds',
  help: 'Time one job attempt ran, by kind and outcome',
  labelNames: ['kind', 'outcome'],
  buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1200, 2400, 3600],
  registers: [metricsRegistry],
});

export interface ConsumerLag {
  /** Messages the consumer has not been delivered yet (the queue). */
  pending: number;
  /** Delivered, not yet acknowledged (running, or lost with a worker until ack_wait). */
  ackPending: number;
}

type LagSource = () => Promise<ConsumerLag>;
interface WatchedConsumer {
  stream: string;
  consumer: string;
  kind: string;
  read: LagSource;
}
const lagSources = new Map<string, WatchedConsumer>();

/**
 * One read of every watched consumer per scrape: the three gauges below are collected concurrently
 * and share it (a sample younger than a second is reused). A consumer NATS does not answer for is
 * left out rather than reported with a stale number.
 */
let lagSample: { at: number; values: Promise<Array<WatchedConsumer & { lag: ConsumerLag }>> } | undefined;
function sampleLag() {
  if (!lagSample || Date.now() - lagSample.at > 1000) {
    const values = Promise.all(
      [...lagSources.values()].map(async (w) => {
        try {
          return [{ ...w, lag: await w.read() }];
        } catch {
          return [];
        }
      }),
    ).then((all) => all.flat());
    lagSample = { at: Date.now(), values };
  }
  return lagSample.values;
}

/**
 * JetStream consumer lag, read from the server at each scrape (so every replica reports the same
 * numbers: aggregate with max(), never sum()). `reelsmith_jobs_queued` is pending, by job kind.
 */
export const consumerPending = new Gauge({
  name: 'reelsmith_jetstream_consumer_pending',
  help: 'Messages waiting for a JetStream consumer (not yet delivered), by stream and consumer',
  labelNames: ['stream', 'consumer'],
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const s of await sampleLag()) this.set({ stream: s.stream, consumer: s.consumer }, s.lag.pending);
  },
});
export const consumerAckPending = new Gauge({
  name: 'reelsmith_jetstream_consumer_ack_pending',
  help: 'Messages delivered to a JetStream consumer and not yet acknowledged, by stream and consumer',
  labelNames: ['stream', 'consumer'],
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const s of await sampleLag()) this.set({ stream: s.stream, consumer: s.consumer }, s.lag.ackPending);
  },
});
export const jobsQueued = new Gauge({
  name: 'reelsmith_jobs_queued',
  help: 'Jobs waiting on the JOBS work queue for a worker, by kind',
  labelNames: ['kind'],
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const s of await sampleLag()) this.set({ kind: s.kind }, s.lag.pending);
  },
});

/** Reports a durable consumer's lag on /metrics until the returned function is called. */
export function watchConsumerLag(stream: string, consumer: string, kind: string, read: LagSource): () => void {
  const key = `${stream}/${consumer}`;
  lagSources.set(key, { stream, consumer, kind, read });
  lagSample = undefined;
  return () => {
    lagSources.delete(key);
    lagSample = undefined;
  };
}

// --- Media work per minute of video (media-worker) ------------------------------------------------

export const mediaSecondsPerVideoMinute = new Histogram({
  name: 'reelsmith_media_seconds_per_video_minute',
  help: 'Wall seconds a media step took per minute of video: analysis per source minute, render per reel minute',
  labelNames: ['step'],
  buckets: [0.5, 1, 2, 4, 8, 15, 30, 60, 120, 300],
  registers: [metricsRegistry],
});

/**
 * Videos and reels that ended in 'error' (media's JobFailures, the one place that happens): the
 * failures users see, whether the job's last attempt failed, it hung, or it was dead-lettered.
 */
export const mediaItemsFailed = new Counter({
  name: 'reelsmith_media_failed_total',
  help: "Videos and reels that ended in 'error', by item (video, highlight)",
  labelNames: ['item'],
  registers: [metricsRegistry],
});

/** Records a media step (analysis, render) that took `seconds` for `videoSeconds` of video; ignores empty videos. */
export function observeMediaStep(step: 'analysis' | 'render', seconds: number, videoSeconds: number): void {
  if (!(videoSeconds > 0) || !(seconds >= 0)) return;
  mediaSecondsPerVideoMinute.observe({ step }, seconds / (videoSeconds / 60));
}

// --- Hooks for the notifications and billing services ---------------------------------------------
// Defined here so the dashboard and alerts have one spelling; the services that send mail and take
// webhooks increment them:
//   mailsSent.inc({ template: 'password-reset', outcome: 'sent' | 'failed' })
//   webhookEvents.inc({ provider: 'stripe', type: event.type, outcome: 'handled' | 'ignored' | 'rejected' | 'failed' })
// Keep label values to a known, small set (never a user id or an address).

export const mailsSent = new Counter({
  name: 'reelsmith_mails_total',
  help: 'Mails handed to SMTP, by template and outcome (sent, failed)',
  labelNames: ['template', 'outcome'],
  registers: [metricsRegistry],
});

export const webhookEvents = new Counter({
  name: 'reelsmith_webhook_events_total',
  help: 'Webhook events received, by provider, event type and outcome (handled, ignored, rejected, failed)',
  labelNames: ['provider', 'type', 'outcome'],
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
