import { dropTestDatabase, type NatsServer, type S3Server, stopNatsServer, stopS3Server } from './infra';

export default async function globalTeardown(): Promise<void> {
  const infra = (globalThis as Record<string, unknown>).__reelsmithInfra as
    { nats: NatsServer; s3: S3Server; databaseUrl: string; billingStandIn?: { close(): Promise<void> } } | undefined;
  if (!infra) return;
  await infra.billingStandIn?.close();
  await Promise.all([stopNatsServer(infra.nats), stopS3Server(infra.s3)]);
  await dropTestDatabase(infra.databaseUrl);
}
