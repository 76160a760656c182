import { mediaPath, nextStableUrl, urlExpiry } from './stable-url';

const at = (path: string, exp: number) => `${path}?uid=u1&exp=${exp}&sig=s${exp}`;
const now = 1_700_000_000_000;
const inTwoHours = now / 1000 + 7200;

describe('nextStableUrl', () => {
  it('keeps the current URL for the same path while it is fresh', () => {
    const current = at('/api/videos/1/stream', inTwoHours);
    expect(nextStableUrl(current, at('/api/videos/1/stream', inTwoHours + 5), now)).toBe(current);
  });

  it('switches when the path changes (e.g. a proxy replaced the original)', () => {
    const latest = at('/api/videos/2/stream', inTwoHours);
    expect(nextStableUrl(at('/api/videos/1/stream', inTwoHours), latest, now)).toBe(latest);
  });

  it('switches a minute before the current one expires', () => {
    const latest = at('/api/videos/1/stream', inTwoHours);
    expect(nextStableUrl(at('/api/videos/1/stream', now / 1000 + 30), latest, now)).toBe(latest);
    expect(nextStableUrl(at('/api/videos/1/stream', now / 1000 - 5), latest, now)).toBe(latest);
  });

  it('takes the latest when there is no current URL, and nothing when there is no latest', () => {
    expect(nextStableUrl(null, '/a?exp=1', now)).toBe('/a?exp=1');
    expect(nextStableUrl('/a?exp=1', null, now)).toBeNull();
  });

  it('keeps an unsigned URL for the same path', () => {
    expect(nextStableUrl('/poster.jpg', '/poster.jpg', now)).toBe('/poster.jpg');
  });
});

describe('url helpers', () => {
  it('reads path and expiry', () => {
    expect(mediaPath('/api/videos/1/stream?uid=u&exp=10&sig=x')).toBe('/api/videos/1/stream');
    expect(mediaPath('/plain')).toBe('/plain');
    expect(urlExpiry('/x?uid=u&exp=10&sig=x')).toBe(10_000);
    expect(urlExpiry('/x')).toBeNull();
  });
});
