import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Controller, Get, HttpException, Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createLogger, HealthController, inheritedSocket, Public } from '@reelsmith/kit';
import type { GatewayConfig } from '../config';
import { GATEWAY_CONFIG } from '../tokens';

/** /healthz and /readyz stay on the public port (load balancers, `npm start`'s check); /metrics does not. */
@Public()
@Controller()
export class PublicHealthController {
  constructor(private readonly health: HealthController) {}

  @Get('healthz')
  healthz() {
    return this.health.healthz();
  }

  @Get('readyz')
  readyz() {
    return this.health.readyz();
  }
}

/**
 * The internal port (HEALTH_PORT) every service has: /healthz, /readyz and /metrics for probes and
 * Prometheus. The gateway's public port is the internet's, and metrics tell an attacker too much.
 */
@Injectable()
export class InternalHealthServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | null = null;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly health: HealthController,
  ) {}

  async onApplicationBootstrap() {
    const server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      const fd = inheritedSocket(this.config.HEALTH_PORT);
      if (fd === undefined) server.listen(this.config.HEALTH_PORT, process.env.HOST ?? '0.0.0.0', resolve);
      else server.listen({ fd }, resolve);
    });
    this.server = server;
    createLogger('gateway', this.config.LOG_LEVEL).info({ port: this.config.HEALTH_PORT }, 'gateway health and metrics on the internal port');
  }

  async onApplicationShutdown() {
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }

  private async answer(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://internal').pathname;
    try {
      if (path === '/metrics') return send(res, 200, 'text/plain; version=0.0.4', await this.health.metrics());
      if (path === '/healthz') return send(res, 200, 'application/json', JSON.stringify(this.health.healthz()));
      if (path === '/readyz') return send(res, 200, 'application/json', JSON.stringify(await this.health.readyz()));
      send(res, 404, 'application/json', JSON.stringify({ error: 'Not found' }));
    } catch (err) {
      const status = err instanceof HttpException ? err.getStatus() : 500;
      send(res, status, 'application/json', JSON.stringify(err instanceof HttpException ? err.getResponse() : { error: 'Internal server error' }));
    }
  }
}

function send(res: ServerResponse, status: number, contentType: string, body: string) {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
