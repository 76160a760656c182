import { dropTestDatabase, NatsServer, stopNatsServer } from './infra';

export default async function globalTeardown(): Promise<void> {
  const infra = (globalThis as Record<string, unknown>).__reelsmithInfra as { nats: NatsServer; databaseUrl: string } | undefined;
  if (!infra) return;
  stopNatsServer(infra.nats);
  await dropTestDatabase(infra.databaseUrl);
}
