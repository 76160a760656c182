import { DISMISSAL_PAUSE_MS, FIRST_VISIT, installOffer, isDue, isIos, parseSchedule, withDismissal, withPageView } from './install';

const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const base = { hasPromptEvent: false, userAgent: android, maxTouchPoints: 5, standalone: false, due: true };

describe('installOffer', () => {
  it('offers the browser prompt when beforeinstallprompt fired', () => {
    expect(installOffer({ ...base, hasPromptEvent: true })).toBe('prompt');
  });
  it('gives iOS the Safari hint, and others nothing without the event', () => {
    expect(installOffer({ ...base, userAgent: iphone })).toBe('ios');
    expect(installOffer(base)).toBeNull();
  });
  it('stays away when not due or when already installed', () => {
    expect(installOffer({ ...base, hasPromptEvent: true, due: false })).toBeNull();
    expect(installOffer({ ...base, userAgent: iphone, standalone: true })).toBeNull();
  });
  it('recognises iPadOS by its touch points', () => {
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe(false);
  });
});

describe('the install prompt’s schedule', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');

  it('is never due on the first page view of a first visit, and due from the second on', () => {
    const first = withPageView(FIRST_VISIT);
    expect(isDue(first, now)).toBe(false);
    expect(isDue(withPageView(first), now)).toBe(true);
    // A second visit: what the first one counted is remembered.
    expect(isDue(withPageView(parseSchedule(JSON.stringify(first))), now)).toBe(true);
  });

  it('after a dismissal, waits a week', () => {
    const dismissed = withDismissal(withPageView(withPageView(FIRST_VISIT)), now);
    expect(isDue(dismissed, now + 1000)).toBe(false);
    expect(isDue(dismissed, now + DISMISSAL_PAUSE_MS - 1)).toBe(false);
    expect(isDue(dismissed, now + DISMISSAL_PAUSE_MS)).toBe(true);
    expect(isDue(withDismissal(dismissed, now + DISMISSAL_PAUSE_MS), now + DISMISSAL_PAUSE_MS + 1)).toBe(false);
  });

  it('reads whatever storage holds as a first visit when it is not a schedule', () => {
    for (const text of [null, '', '1', 'not json', '{"pageViews":"x"}']) expect(parseSchedule(text)).toEqual(FIRST_VISIT);
    expect(parseSchedule('{"pageViews":2,"dismissedAt":5}')).toEqual({ pageViews: 2, dismissedAt: 5 });
  });

  it('counts page views only up to what it needs', () => {
    expect(withPageView(withPageView(withPageView(FIRST_VISIT))).pageViews).toBe(2);
  });
});
