/** Calls `publish` at most once per `everyMs`; calls in between are dropped (progress is a stream). */
export function throttle<T>(publish: (value: T) => void, everyMs = 500): (value: T) => void {
  let last = 0;
  return (value: T) => {
    const now = Date.now();
    if (now - last < everyMs) return;
    last = now;
    publish(value);
  };
}
