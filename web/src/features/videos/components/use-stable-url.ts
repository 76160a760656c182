import { useCallback, useState } from 'react';
import { nextStableUrl } from '../lib/stable-url';

/**
 * A signed media URL that stays the same across refetches (see lib/stable-url). `renew()` makes it
 * take the next different URL the data brings (after a load error, say).
 */
export function useStableUrl(latest: string | null | undefined): [string | null, () => void] {
  const [state, setState] = useState<{ url: string | null; renew: boolean }>({ url: latest ?? null, renew: false });
  const wanted = latest ?? null;
  const next = state.renew && wanted !== state.url ? wanted : nextStableUrl(state.url, wanted, Date.now());
  if (next !== state.url) setState({ url: next, renew: false });
  const renew = useCallback(() => setState((s) => (s.renew ? s : { ...s, renew: true })), []);
  return [next, renew];
}
