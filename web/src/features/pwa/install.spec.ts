import { installOffer, isIos } from './install';

const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const base = { hasPromptEvent: false, userAgent: android, maxTouchPoints: 5, standalone: false, dismissed: false };

describe('installOffer', () => {
  it('offers the browser prompt when beforeinstallprompt fired', () => {
    expect(installOffer({ ...base, hasPromptEvent: true })).toBe('prompt');
  });
  it('gives iOS the Safari hint, and others nothing without the event', () => {
    expect(installOffer({ ...base, userAgent: iphone })).toBe('ios');
    expect(installOffer(base)).toBeNull();
  });
  it('stays away once dismissed or when already installed', () => {
    expect(installOffer({ ...base, hasPromptEvent: true, dismissed: true })).toBeNull();
    expect(installOffer({ ...base, userAgent: iphone, standalone: true })).toBeNull();
  });
  it('recognises iPadOS by its touch points', () => {
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe(false);
  });
});
