import type { ConsumerInfo, NatsConnection } from 'nats';

/**
 * Retries an assertion (any function that throws when the state is not there yet) until it passes,
 * and returns what it returned; past `timeoutMs` it fails with the assertion's last error. A state
 * that follows an action (a page that re-renders, a gauge read at scrape time, a file removed in the
 * background) arrives in its own time: checked once, right after the action, it may not be there yet.
 *
 *   await eventually(async () => expect(await page.getByTestId('toast').count()).toBe(0));
 */
export async function eventually<T>(assertion: () => T | Promise<T>, { timeoutMs = 10_000, intervalMs = 100 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (err) {
      if (Date.now() >= deadline) throw err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * Waits until the durable consumer `durable` of `stream` has acknowledged (or given up on) every
 * message stored on its subject so far: its ack floor has reached the last stored message of its
 * filter subject. That is the positive signal that the service's handler has run for an event the
 * test published (or saw the effect of), so a check that the event changed nothing can follow
 * without guessing how long the handler takes. Messages published after the call do not hold it
 * up; one earlier on the subject that the handler keeps failing does (it has not been handled).
 */
export async function waitUntilConsumed(
  nc: NatsConnection,
  durable: string,
  { stream = 'EVENTS', timeoutMs = 30_000 }: { stream?: string; timeoutMs?: number } = {},
): Promise<ConsumerInfo> {
  const jsm = await nc.jetstreamManager();
  const { config } = await jsm.consumers.info(stream, durable);
  if (!config.filter_subject) throw new Error(`consumer ${stream}/${durable} has no filter subject`);
  const last = await jsm.streams.getMessage(stream, { last_by_subj: config.filter_subject });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const info = await jsm.consumers.info(stream, durable);
    if (info.ack_floor.stream_seq >= last.seq) return info;
    if (Date.now() > deadline) {
      throw new Error(
        `${stream}/${durable} has not acknowledged message ${last.seq} (${config.filter_subject}) within ${timeoutMs} ms: ` +
          `ack floor ${info.ack_floor.stream_seq}, delivered ${info.delivered.stream_seq}, ack pending ${info.num_ack_pending}, pending ${info.num_pending}, redelivered ${info.num_redelivered}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
