import { useEffect, useState } from 'react';

/**
 * What `load` (an import()) gives, fetched once `when` is true; null until it has arrived. For
 * parts that appear after the first screen: unlike lazy() under Suspense, waiting shows no fallback,
 * and React holds back the reveal of every Suspense boundary for 300 ms after any fallback it shows.
 */
export function useLoaded<T>(load: () => Promise<T>, when = true): T | null {
  const [loaded, setLoaded] = useState<T | null>(null);
  useEffect(() => {
    if (!when || loaded) return undefined;
    let cancelled = false;
    // A failed import leaves the part out; the next mount tries again.
    load().then(
      (value) => !cancelled && setLoaded(() => value),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [load, when, loaded]);
  return loaded;
}
