import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { type Logger, observeHttpRequest, PinoNestLogger, routeLabel } from '@reelsmith/kit';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { GatewayConfig } from './config';
import { GatewayModule } from './gateway.module';
import { mountDemoReels } from './http/demo-reels';
import { mountSpa } from './http/spa';

const JSON_BODY_LIMIT = '100kb';

/** Stripe.js and its Payment Element frames, allowed only when a publishable key is configured. */
const stripeSources = (config: GatewayConfig) => (config.STRIPE_PUBLISHABLE_KEY ? ['https://js.stripe.com'] : []);

export const contentSecurityPolicy = (config: GatewayConfig) => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", ...stripeSources(config)],
  ...(config.STRIPE_PUBLISHABLE_KEY ? { frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'] } : {}),
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  // Browsers upload straight to object storage through presigned URLs.
  connectSrc: ["'self'", new URL(config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT).origin, ...(config.STRIPE_PUBLISHABLE_KEY ? ['https://api.stripe.com'] : [])],
  fontSrc: ["'self'", 'data:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
});

/** The gateway: the only HTTP entry, turning /api calls into NATS requests and serving the web app. */
export async function createGatewayApp(config: GatewayConfig, logger: Logger): Promise<NestExpressApplication> {
  // One spelling per route: /API/videos is no route at all, not another door to /api/videos. The
  // router takes this setting when it is created, so it is set before Nest registers anything.
  const server = express().set('case sensitive routing', true);
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.register(config), new ExpressAdapter(server), {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
  });
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  app.use(helmet({ contentSecurityPolicy: { directives: contentSecurityPolicy(config) } }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    // The route template (/api/videos/:id) labels the series, never the raw path: ids would make one series per video.
    const started = process.hrtime.bigint();
    res.on('finish', () => observeHttpRequest(req.method, routeLabel(req.route), res.statusCode, Number(process.hrtime.bigint() - started) / 1e9));
    next();
  });
  // A user's API answers: the browser asks again each time, with the ETag Express gives every JSON
  // answer, and gets 304 when nothing changed; shared caches keep none. Routes that need more say so.
  app.use('/api', (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'private, no-cache');
    next();
  });
  // Stripe signs the exact bytes it sent: the webhook keeps its raw body (the JSON parser then skips it).
  app.use('/api/billing/webhook', express.raw({ type: () => true, limit: '512kb' }));
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });

  const openApi = new DocumentBuilder().setTitle('Reelsmith API').setVersion('1').addBearerAuth().build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi));

  mountDemoReels(app, config.DEMO_REELS_DIR);
  if (!mountSpa(app, config.WEB_DIST)) logger.warn({ webDist: config.WEB_DIST }, 'no built web app found; serving the API only');
  return app;
}
