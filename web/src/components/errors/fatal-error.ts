/**
 * Last-resort error screen for a fatal startup error (the app could not load or mount).
 * Plain DOM so it works without React; same look and texts as ErrorScreen.
 */
export function renderFatalError(container: HTMLElement, error: unknown): void {
  console.error('Reelsmith failed to start', error);
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
    const node = document.createElement(tag);
    node.className = className;
    if (text) node.textContent = text;
    return node;
  };

  const main = el('main', 'flex min-h-full items-center justify-center bg-background px-4 py-16');
  main.setAttribute('role', 'alert');
  main.dataset.testid = 'error-screen';
  const wrap = el('div', 'w-full max-w-md text-center');
  const card = el('div', 'rounded-2xl border border-border bg-card px-6 py-10 shadow-sm sm:px-10');
  const badge = el('div', 'mx-auto mb-5 flex size-12 items-center justify-center rounded-full bg-red-50 text-2xl font-semibold text-red-600', '!');
  badge.setAttribute('aria-hidden', 'true');
  const title = el('h1', 'text-xl font-semibold tracking-tight', 'Something went wrong');
  const text = el('p', 'mt-2 text-sm leading-6 text-muted-foreground', 'Reelsmith could not start. Refreshing the page usually fixes it.');
  const button = el(
    'button',
    'mt-6 inline-flex h-11 items-center justify-center rounded-lg bg-brand px-6 text-[15px] font-medium text-white hover:bg-brand-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
    'Refresh',
  );
  button.type = 'button';
  button.addEventListener('click', () => window.location.reload());

  card.append(badge, title, text, button);
  wrap.append(card);
  main.append(wrap);
  container.replaceChildren(main);
}
