import { isMobileUserAgent } from './device';

const UA = {
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  iPadOS: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefoxTablet: 'Mozilla/5.0 (Android 14; Tablet; rv:126.0) Gecko/126.0 Firefox/126.0',
  kindle: 'Mozilla/5.0 (Linux; U; en-us; KFTT Build/IML74K) AppleWebKit/535.19 (KHTML, like Gecko) Silk/3.68 like Chrome/39',
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  linuxHeadless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
};

describe('isMobileUserAgent', () => {
  it.each([
    ['iPhone', UA.iPhone],
    ['iPad', UA.iPad],
    ['Android phone', UA.androidPhone],
    ['Android tablet', UA.androidTablet],
    ['Firefox tablet', UA.firefoxTablet],
    ['Kindle (Silk)', UA.kindle],
  ])('recognises %s', (_name, ua) => {
    expect(isMobileUserAgent(ua)).toBe(true);
  });

  it.each([
    ['Windows Chrome', UA.windowsChrome],
    ['headless Chrome on Linux', UA.linuxHeadless],
    ['Firefox on a Mac', UA.macFirefox],
  ])('leaves desktop %s alone', (_name, ua) => {
    expect(isMobileUserAgent(ua)).toBe(false);
  });

  it('matches case-insensitively', () => {
    expect(isMobileUserAgent('some-browser (ANDROID)')).toBe(true);
    expect(isMobileUserAgent('custom iphone client')).toBe(true);
  });

  it('treats an empty user agent as desktop', () => {
    expect(isMobileUserAgent('')).toBe(false);
  });

  it('recognises iPadOS (a Mac user agent with touch points) but not a Mac', () => {
    expect(isMobileUserAgent(UA.iPadOS, 5)).toBe(true);
    expect(isMobileUserAgent(UA.iPadOS, 0)).toBe(false);
    expect(isMobileUserAgent(UA.iPadOS)).toBe(false);
  });
});
