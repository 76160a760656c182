import { useEffect, useState } from 'react';

/**
 * False until the browser has a quiet moment after the first paint (requestIdleCallback, at most
 * `timeout` ms later): for what is below the fold and must not hold up the first screen.
 */
export function useIdle(timeout = 1500): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), 200);
    return () => window.clearTimeout(timer);
  }, [timeout]);
  return idle;
}
