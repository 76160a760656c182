/**
 * The GETs a page load's first screen needs, sent by the entry (main.tsx) as the page starts: they
 * travel beside the download of the app's code instead of after it. The app's first fetch of the
 * same URL with the same token takes the answer, once; a later fetch asks the server again, and an
 * answer nobody took within EARLY_ANSWER_TTL_MS is never used.
 */
export const EARLY_ANSWER_TTL_MS = 15_000;

type Early = { token: string; sentAt: number; response: Promise<Response> };
const sent = new Map<string, Early>();

export function sendEarly(urls: readonly string[], token: string): void {
  for (const url of urls) {
    const response = fetch(url, { headers: { Authorization: `Bearer ${token}` }, credentials: 'same-origin' });
    // Its taker handles a failure; one nobody takes is not an unhandled rejection.
    response.catch(() => undefined);
    sent.set(url, { token, sentAt: Date.now(), response });
  }
}

/**
 * The early answer to a GET of `url` with `token`, once; undefined when there is none to take. Like
 * the taker's own fetch would, it fails when `signal` aborts before the answer came.
 */
export function takeEarly(url: string, token: string | null, signal?: AbortSignal): Promise<Response> | undefined {
  const early = sent.get(url);
  if (!early) return undefined;
  sent.delete(url);
  if (Date.now() - early.sentAt > EARLY_ANSWER_TTL_MS || early.token !== token) return undefined;
  if (!signal) return early.response;
  return new Promise<Response>((resolve, reject) => {
    const abort = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    early.response.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
