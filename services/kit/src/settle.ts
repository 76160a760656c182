/**
 * Waits for `work` for at most `ms`, then goes on either way (never rejects). For shutdown steps
 * that talk to a server: one that does not answer must not keep the process from stopping.
 */
export async function settleWithin(work: Promise<unknown>, ms: number): Promise<'done' | 'timed out'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => 'done' as const,
        () => 'done' as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
